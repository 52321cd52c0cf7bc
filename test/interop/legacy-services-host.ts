/**
 * The legacy services on the real ASMX runtime (`../shared/asmx-host`, see `shared-asmx-host.ts`):
 * `legacy-services/AuthenticationWebService.asmx` (the default spec's 20 operations, as the legacy C# service
 * declares them) and `legacy-services/Inventory.asmx` (the corpus's typed service). Each call of an
 * AuthenticationWebService operation is appended to a log (`ASMX_HOST_CALL_LOG`, outside the application folder:
 * ASP.NET restarts an application whose files change) that `readCalls()` returns.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSharedAsmxHost } from './shared-asmx-host.js';

const SERVICES = join(import.meta.dirname, 'legacy-services');

/** One call an AuthenticationWebService operation received, from the service's log. */
export interface HostCall {
  readonly operation: string;
  /** By the request path and the envelope's namespace. */
  readonly transport: 'soap11' | 'soap12' | 'httpGet' | 'httpPost';
  /** `null` when the parameter was absent. */
  readonly requestJson: string | null;
  /** `Request.Files`: the multipart parts that carry a file name. */
  readonly files: readonly { field: string; filename: string; contentType: string; data: Buffer }[];
}

export interface LegacyServices {
  /** `http://127.0.0.1:port` */
  readonly origin: string;
  readonly port: number;
  /** `http://127.0.0.1:port/AuthenticationWebService.asmx` */
  readonly url: string;
  /** `http://127.0.0.1:port/Inventory.asmx` */
  readonly inventoryUrl: string;
  /** Every call logged since the start or the last `clearCalls()`, in order. */
  readCalls(): HostCall[];
  clearCalls(): void;
  /** How long the start took (compiling the host, mono, the first `?wsdl`), in ms. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

/** Starts the real ASMX runtime serving the legacy services on 127.0.0.1 and a free port. */
export async function startLegacyServices(): Promise<LegacyServices> {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'asmxgen-legacy-services-'));
  const log = join(root, 'calls.log');
  writeFileSync(log, '');
  let host;
  try {
    host = await startSharedAsmxHost(SERVICES, undefined, { ASMX_HOST_CALL_LOG: log });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const origin = host.baseUrl;
  const port = Number(new URL(origin).port);
  return {
    origin,
    port,
    url: `${origin}/AuthenticationWebService.asmx`,
    inventoryUrl: `${origin}/Inventory.asmx`,
    startupMs: performance.now() - started,
    readCalls: () => parseLog(readFileSync(log, 'utf8')),
    clearCalls: () => writeFileSync(log, ''),
    async stop() {
      host.stop();
      rmSync(root, { recursive: true, force: true });
      // start.sh leaves its folder, /tmp/asmx-host-PORT.*.
      const prefix = `asmx-host-${port}.`;
      for (const name of readdirSync('/tmp').filter((n) => n.startsWith(prefix))) {
        rmSync(join('/tmp', name), { recursive: true, force: true });
      }
    },
  };
}

interface LogLine {
  operation: string;
  transport: HostCall['transport'];
  requestJson: string | null;
  files: { field: string; filename: string; contentType: string; data: string }[];
}

/** The service writes every string as base64 of its UTF-8 bytes (see the .asmx). */
function parseLog(text: string): HostCall[] {
  const decode = (value: string) => Buffer.from(value, 'base64').toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine)
    .map((line) => ({
      operation: line.operation,
      transport: line.transport,
      requestJson: line.requestJson === null ? null : decode(line.requestJson),
      files: line.files.map((file) => ({
        field: decode(file.field),
        filename: decode(file.filename),
        contentType: decode(file.contentType),
        data: Buffer.from(file.data, 'base64'),
      })),
    }));
}
