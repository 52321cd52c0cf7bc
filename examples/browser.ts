/**
 * The generated client in a browser page. It imports `generated/client.js`,
 * not `generated/index.js` (which also holds the server, and so Node's
 * modules); `@asmxgen/runtime/client` resolves, under the `browser` export
 * condition, to the build whose calls travel by `fetch`. Bundle it with
 * esbuild (`esbuild examples/browser.ts --bundle --platform=browser`), Vite
 * or webpack. The page calls its own origin here; another origin needs the
 * service to answer CORS, which ASMX never did (put a proxy in front).
 */
import {
  createAuthenticationWebServiceClient,
  SoapFaultError,
  type AuthenticationWebServiceTransport,
} from '../generated/client.js';

/** Calls Authenticate over `transport`; resolves to `'ok'` or the fault's message. */
export async function authenticate(
  endpoint: string,
  transport: AuthenticationWebServiceTransport,
  requestJson: string,
): Promise<string> {
  const client = createAuthenticationWebServiceClient({ url: endpoint, transport });
  try {
    await client.Authenticate({ requestJson });
    return 'ok';
  } catch (error) {
    if (error instanceof SoapFaultError) return `fault: ${error.message}`;
    throw error;
  }
}

/** Uploads one file to UploadImage (HTTP POST, multipart/form-data). */
export async function uploadImage(endpoint: string, file: Blob, name: string): Promise<void> {
  const client = createAuthenticationWebServiceClient({ url: endpoint, transport: 'httpPost' });
  await client.UploadImage({ files: [{ field: 'image', filename: name, contentType: file.type, data: file }] });
}
