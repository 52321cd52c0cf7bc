/**
 * `service.scriptNamespace`: the C# namespace of a `[ScriptService]`'s class, which names its `/js` proxy class. The
 * spec (errors at file:line:col), the model, the spec writer and the proxy script (the diff rule:
 * test/diff/script-namespace-rules.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';
import { buildProxyScript } from '../../runtime/src/json/proxy-script.js';

const SPEC =
  'service:\n  name: Svc\n  namespace: urn:svc\n  scriptService: true\n  scriptNamespace: Contoso.Services\n' +
  'operations:\n  - name: Ping\n';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('service.scriptNamespace', () => {
  it('is read into the model and written back by the spec writer', () => {
    const spec = parseSpec(SPEC, 'f.yaml');
    expect(spec.service.scriptNamespace).toBe('Contoso.Services');
    expect(buildModel(spec).scriptNamespace).toBe('Contoso.Services');
    expect(renderSpecYaml(spec)).toContain('  scriptService: true\n  scriptNamespace: Contoso.Services\n');
  });

  it('reports a name that is no C# namespace, and one without scriptService, at file:line:col', () => {
    expect(problemsOf(SPEC.replace('Contoso.Services', 'Contoso..Services'))).toEqual([
      'f.yaml:5:20: service.scriptNamespace: "Contoso..Services" is no C# namespace: identifiers joined by dots ' +
        '(e.g. Contoso.Services), as the service class declares it',
    ]);
    expect(problemsOf(SPEC.replace('  scriptService: true\n', ''))).toEqual([
      'f.yaml:4:20: service.scriptNamespace: scriptNamespace names the /js proxy class of a [ScriptService] ' +
        'service: set service.scriptService: true (or remove scriptNamespace)',
    ]);
  });

  it('declares the proxy class in the namespace, as ClientProxyGenerator does', () => {
    const script = buildProxyScript(describeService(buildModel(parseSpec(SPEC, 'f.yaml'))), false)!;
    expect(
      script.startsWith("Type.registerNamespace('Contoso.Services');\r\nContoso.Services.Svc=function() {\r\n"),
    ).toBe(true);
    expect(script).toContain("Contoso.Services.Svc.registerClass('Contoso.Services.Svc',Sys.Net.WebServiceProxy);\r\n");
    expect(script).toContain(
      'Contoso.Services.Svc.Ping= function(onSuccess,onFailed,userContext) ' +
        '{Contoso.Services.Svc._staticInstance.Ping(onSuccess,onFailed,userContext); }\r\n',
    );
  });
});
