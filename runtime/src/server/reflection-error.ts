/**
 * A service XmlSerializer cannot reflect (a `[ScriptService]` taking or returning `Dictionary<string, T>`:
 * `ServiceDescription.reflectionError`): its JSON calls and `/js` work, and everything the classic handler serves
 * fails when ASMX reflects the type, in `ServerProtocolFactory.Create` (System.Web.Services/…/ServerProtocol.cs),
 * which hands the exception to the protocol's `WriteException`:
 *
 * - SOAP (`SoapServerProtocol.WriteException`): 500, a `soap:Server` fault in the version the request's content type
 *   suggests (`GuessVersion`), its faultstring `GenerateFaultString` of `Server was unable to process request.` over
 *   the chain: each message joined by ` ---> ` (the form for a caller `customErrors` applies to);
 * - `?wsdl`, `?disco`, `?wsdl=`, `?schema=` (`DiscoveryServerProtocol.WriteException`) and HTTP GET/POST
 *   (`HttpServerProtocol.WriteException`): 500 `text/plain`, the chain HTML-encoded (`GenerateFaultString(e, true)`)
 *   and a line end;
 * - the help pages (`DocumentationServerProtocol.WriteException` handles nothing): `Create` throws
 *   `UnableToHandleRequest0`, ASP.NET's Runtime Error page (its message with `exposeErrors`).
 *
 * The chain is the runtime's own text about the contract, the same with or without `exposeErrors` (which in .NET
 * adds stack traces, never sent here).
 */
import { htmlEncodeMessageChain } from '../http/html-escape.js';
import { buildFaultEnvelope } from '../soap/soap-envelope.js';
import { SOAP12_MEDIA_TYPE, soapContentType } from '../soap/soap-constants.js';
import type { Route } from './dispatch.js';
import { headerValue, type IncomingCall } from './incoming-call.js';
import { PROCESS_FAILED } from './invoke.js';
import { contentReply, textReply, type Reply } from './reply.js';
import { handlerFactoryError } from './runtime-error-page.js';

/** `Res.UnableToHandleRequest0`: what `ServerProtocolFactory.Create` throws when a protocol writes no error. */
export const UNABLE_TO_HANDLE = 'Unable to handle request.';

/** The reply to a classic request of a service whose type cannot be reflected; `undefined` for other routes. */
export function reflectionErrorReply(
  chain: readonly string[],
  call: IncomingCall,
  route: Route,
  options: { readonly exposeErrors: boolean },
): Reply | undefined {
  switch (route.kind) {
    case 'soap': {
      const type = headerValue(call.headers, 'content-type')?.trim().toLowerCase() ?? '';
      const version = type.startsWith(SOAP12_MEDIA_TYPE) ? '1.2' : '1.1';
      const message = [PROCESS_FAILED, ...chain].join(' ---> ');
      return contentReply(500, soapContentType(version), buildFaultEnvelope(version, { code: 'Server', message }));
    }
    case 'document':
      if (route.document === 'help') return handlerFactoryError(UNABLE_TO_HANDLE, options);
      return textReply(500, htmlEncodeMessageChain(chain));
    case 'named-document':
    case 'http':
    case 'wrong-case':
      return textReply(500, htmlEncodeMessageChain(chain));
    case 'operation-page':
      return handlerFactoryError(UNABLE_TO_HANDLE, options);
    default:
      return undefined;
  }
}
