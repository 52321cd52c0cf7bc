/**
 * An HTML page where a WSDL was expected (a service's help page, a login or error page): told by the reply's
 * media type, or by the document (a DOCTYPE html, an `<html>` root), before it is read as XML, so that people
 * hear what they got and what to do rather than a complaint about its DOCTYPE.
 */

/** `text/html` or `application/xhtml+xml`, parameters aside. */
export function isHtmlMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** Whether a document starts as an HTML page: after an XML declaration and comments, `<!DOCTYPE html` or `<html`. */
export function looksLikeHtml(text: string): boolean {
  return /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+html\b|<html\b)/i.test(text);
}

/**
 * What an HTML page at `source` (a URL or a file) is, and what to do, e.g. `the server answered an HTML page
 * (text/html), not a WSDL; an ASMX service's WSDL is at its address followed by ?wsdl: http://h/Svc.asmx?wsdl`.
 */
export function htmlPageProblem(source: string, expected: string, contentType?: string): string {
  const url = /^https?:\/\//i.test(source);
  const got = url
    ? `the server answered an HTML page${contentType ? ` (${contentType.split(';')[0]!.trim()})` : ''}`
    : 'it is an HTML page';
  let todo: string;
  if (url && !/[?&]wsdl\b/i.test(source)) {
    const parsed = new URL(source);
    const wsdlUrl = `${parsed.origin}${parsed.pathname}?wsdl`;
    todo = `an ASMX service's WSDL is at its address followed by ?wsdl: ${wsdlUrl}`;
  } else if (url) {
    todo = 'the service answered a page instead of its WSDL (an error or sign-in page?); open the URL in a browser';
  } else {
    todo = "import the service's WSDL instead: its address followed by ?wsdl (a URL, or the file it serves)";
  }
  return `${got}, not ${expected}; ${todo}`;
}
