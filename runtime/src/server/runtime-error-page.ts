/**
 * ASP.NET's "Runtime Error" page: what the .NET Framework answers a remote caller when a request fails outside any
 * handler that writes its own error (an exception thrown while the handler is chosen), under the default
 * `<customErrors mode="RemoteOnly">`: no message, no exception type, no stack trace, no version. Its text is
 * System.Web's `GenericApplicationErrorFormatter` (remote form) laid out by `ErrorFormatter.GetHtmlErrorMessage`
 * with the invariant culture's strings (microsoft/referencesource, System.Web/ErrorFormatter.cs and
 * System.Web/System.Web.txt, `Generic_Err_*`): lines end in CRLF, the detail texts are `HttpUtility.HtmlEncode`d
 * (.NET 4's, `'` as `&#39;`), the description is not.
 *
 * The page names the application's virtual path (`Server Error in '/' Application.`): a Node server has no IIS
 * application, so it is the root's, `/`.
 */
import { HTML_CONTENT_TYPE } from '../soap/soap-constants.js';
import { htmlEncodeMessage } from '../http/html-escape.js';
import { contentReply, textReply, type Reply } from './reply.js';

const CRLF = '\r\n';

const STYLE = [
  '         body {font-family:"Verdana";font-weight:normal;font-size: .7em;color:black;} ',
  '         p {font-family:"Verdana";font-weight:normal;color:black;margin-top: -5px}',
  '         b {font-family:"Verdana";font-weight:bold;color:black;margin-top: -5px}',
  '         H1 { font-family:"Verdana";font-weight:normal;font-size:18pt;color:red }',
  '         H2 { font-family:"Verdana";font-weight:normal;font-size:14pt;color:maroon }',
  '         pre {font-family:"Consolas","Lucida Console",Monospace;font-size:11pt;margin:0;padding:0.5em;line-height:14pt}',
  '         .marker {font-weight: bold; color: black;text-decoration: none;}',
  '         .version {color: gray;}',
  '         .error {margin-bottom: 10px;}',
  '         .expandable { text-decoration:underline; font-weight:bold; color:navy; cursor:pointer; }',
  '         @media screen and (max-width: 639px) {',
  '          pre { width: 440px; overflow: auto; white-space: pre-wrap; word-wrap: break-word; }',
  '         }',
  '         @media screen and (max-width: 479px) {',
  '          pre { width: 280px; }',
  '         }',
];

const TITLE = 'Runtime Error';
const DESCRIPTION =
  'An application error occurred on the server. The current custom error settings for this application prevent ' +
  'the details of the application error from being viewed remotely (for security reasons). It could, however, be ' +
  'viewed by browsers running on the local server machine.';
const DETAILS =
  'To enable the details of this specific error message to be viewable on remote machines, please create a ' +
  '<customErrors> tag within a "web.config" configuration file located in the root directory of the current web ' +
  'application. This <customErrors> tag should then have its "mode" attribute set to "Off".';
const DETAILS_SAMPLE = configSample('<customErrors mode="Off"/>');
const NOTES =
  'The current error page you are seeing can be replaced by a custom error page by modifying the "defaultRedirect" ' +
  "attribute of the application's <customErrors> configuration tag to point to a custom error page URL.";
const NOTES_SAMPLE = configSample('<customErrors mode="RemoteOnly" defaultRedirect="mycustompage.htm"/>');

function configSample(customErrors: string): string {
  return [
    '<!-- Web.Config Configuration File -->',
    '',
    '<configuration>',
    '    <system.web>',
    `        ${customErrors}`,
    '    </system.web>',
    '</configuration>',
  ].join(CRLF);
}

/** `ErrorFormatter.WriteColoredSquare`: a title, its description, and a sample in a yellow box. */
function coloredSquare(title: string, description: string, content: string): string {
  return (
    `            <b>${title}:</b> ${htmlEncodeMessage(description)}<br><br>${CRLF}${CRLF}` +
    `            <table width=100% bgcolor="#ffffcc">${CRLF}` +
    `               <tr>${CRLF}` +
    `                  <td>${CRLF}` +
    `                      <code><pre>${CRLF}${CRLF}${htmlEncodeMessage(content)}</pre>` +
    `                      </code>${CRLF}${CRLF}` +
    `                  </td>${CRLF}` +
    `               </tr>${CRLF}` +
    `            </table>${CRLF}${CRLF}` +
    `            <br>${CRLF}${CRLF}`
  );
}

const PAGE =
  `<!DOCTYPE html>${CRLF}` +
  `<html>${CRLF}` +
  `    <head>${CRLF}` +
  `        <title>${TITLE}</title>${CRLF}` +
  `        <meta name="viewport" content="width=device-width" />${CRLF}` +
  `        <style>${CRLF}` +
  STYLE.map((line) => line + CRLF).join('') +
  `        </style>${CRLF}` +
  `    </head>${CRLF}${CRLF}` +
  `    <body bgcolor="white">${CRLF}${CRLF}` +
  `            <span><H1>Server Error in '/' Application.<hr width=100% size=1 color=silver></H1>${CRLF}${CRLF}` +
  `            <h2> <i>${TITLE}</i> </h2></span>${CRLF}${CRLF}` +
  `            <font face="Arial, Helvetica, Geneva, SunSans-Regular, sans-serif ">${CRLF}${CRLF}` +
  `            <b> Description: </b>${DESCRIPTION}${CRLF}` +
  `            <br><br>${CRLF}${CRLF}` +
  coloredSquare('Details', DETAILS, DETAILS_SAMPLE) +
  coloredSquare('Notes', NOTES, NOTES_SAMPLE) +
  `            </font>${CRLF}${CRLF}` +
  `    </body>${CRLF}` +
  `</html>${CRLF}`;

/** The page's text (for tests and documentation). */
export const RUNTIME_ERROR_PAGE = PAGE;

/** `500` with the Runtime Error page, as ASP.NET answers a remote caller under `customErrors mode="RemoteOnly"`. */
export function runtimeErrorReply(): Reply {
  return contentReply(500, HTML_CONTENT_TYPE, PAGE);
}

/**
 * A request that fails before any handler is chosen (ASP.NET's handler factory throws): the Runtime Error page, or,
 * with `exposeErrors` (`customErrors mode="Off"`), the exception's message as text. No stack trace either way.
 */
export function handlerFactoryError(message: string, options: { readonly exposeErrors: boolean }): Reply {
  return options.exposeErrors ? textReply(500, message) : runtimeErrorReply();
}
