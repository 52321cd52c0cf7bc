import { LineIndex } from '@asmxgen/runtime/xml';
import type { WsdlMismatch } from './read-wsdl.js';

/**
 * Where two WSDL texts that are the same document first differ as text (the .NET Framework 1.x form, another
 * server's layout): `file:line:column` in each, and the two lines from there. `undefined` when the texts are equal.
 */
export function textDifference(
  served: string,
  servedFile: string,
  generated: string,
  generatedFile: string,
): WsdlMismatch | undefined {
  if (served === generated) return undefined;
  let at = 0;
  while (at < served.length && at < generated.length && served[at] === generated[at]) at++;
  const where = (text: string, file: string) => ({ file, ...new LineIndex(text).position(at) });
  const excerpt = (text: string) => {
    const rest = text.slice(at).split(/\r\n|\r|\n/)[0]!;
    if (at >= text.length) return 'the end of the document';
    if (rest === '') return 'a line end';
    return JSON.stringify(rest.length > 60 ? `${rest.slice(0, 60)}…` : rest);
  };
  return {
    served: where(served, servedFile),
    generated: where(generated, generatedFile),
    detail: `the same document, written otherwise: the served text has ${excerpt(served)} where the generated one has ${excerpt(generated)}`,
  };
}
