import { UsageError } from '../cli/describe-error.js';

/**
 * `--upstream` and `--shadow`: the base URL of a service the proxy sends requests to. A request's path and query
 * are appended to its path (`http://legacy.example.com/app` + `/Svc.asmx?wsdl`).
 */
export function parseTargetUrl(option: string, value: unknown): URL {
  if (Array.isArray(value)) throw new UsageError(`--${option} is given more than once; name one URL`);
  const text = String(value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `--${option} "${text}" is not a URL; give the service's base URL, e.g. http://legacy.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--${option} "${text}" must start with http:// or https://`);
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) {
    throw new UsageError(
      `--${option} "${text}" must not have a query or fragment: request paths and queries are appended to it`,
    );
  }
  if (url.username || url.password) {
    throw new UsageError(`--${option} "${text}" must not hold credentials; the callers' own headers are forwarded`);
  }
  if (/\.asmx$/i.test(url.pathname.replace(/\/+$/, ''))) {
    const base = `${url.origin}${url.pathname.replace(/\/[^/]*\.asmx\/*$/i, '')}`;
    throw new UsageError(
      `--${option} "${text}" names a service, but request paths are appended to it ` +
        `(…/Svc.asmx/Svc.asmx); give the base URL instead: ${base}`,
    );
  }
  return url;
}

/** The path requests go under: `base`'s, without its trailing slashes (`http://legacy.example.com/app/` → `/app`). */
export function basePathOf(base: URL): string {
  return base.pathname.replace(/\/+$/, '');
}

/** The URL a request for `pathAndQuery` (`/Svc.asmx?wsdl`) is sent to under the base path `basePath`. */
export function targetPath(basePath: string, pathAndQuery: string): string {
  return `${basePath}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;
}
