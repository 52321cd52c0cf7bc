/**
 * `--profile`: where the time goes. `node --cpu-prof` on the generated server under SOAP 1.1 load, on the
 * generated client calling the bare server, and on `asmxgen generate` for a large spec, each profile summarized (self time per module and function, total
 * time per function), and the generation's phases timed one by one (`gen-breakdown.ts`). Profiles and
 * summaries are written to `test/artifacts/bench/` (not committed).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, readProfile, summarizeProfile, type ProfileSummary } from './cpuprofile-summary.js';
import type { Phase } from './gen-breakdown.js';
import { load, REPO_ROOT, startClient, startServer, timeCommand } from './lib.js';
import { writeSpec } from './make-spec.js';
import { ARTIFACTS_DIR } from './paths.js';
import { ENDPOINT_PATH, REQUESTS } from './requests.js';

export interface ProfileResults {
  readonly server: { readonly requests: number; readonly summary: ProfileSummary };
  readonly client: { readonly calls: number; readonly summary: ProfileSummary };
  readonly generate: { readonly operations: number; readonly summary: ProfileSummary };
  readonly generatePhases: readonly Phase[];
}

export async function benchProfiles(
  settings: { seconds: number; connections: number; operations: number },
  log: (line: string) => void,
): Promise<ProfileResults> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const top = 20;

  const serverProfile = 'server.cpuprofile';
  const server = await startServer('generated', [
    '--cpu-prof',
    `--cpu-prof-dir=${ARTIFACTS_DIR}`,
    `--cpu-prof-name=${serverProfile}`,
  ]);
  let requests: number;
  try {
    await load(server.origin, REQUESTS.soap11, { connections: settings.connections, duration: 1 });
    requests = (
      await load(server.origin, REQUESTS.soap11, { connections: settings.connections, duration: settings.seconds })
    ).total;
  } finally {
    await server.stop();
  }
  const serverSummary = summarizeProfile(readProfile(join(ARTIFACTS_DIR, serverProfile)), top);
  const serverText = formatSummary(`generated server, SOAP 1.1 Authenticate, ${requests} requests`, serverSummary, {
    count: requests,
    unit: 'request',
  });
  writeFileSync(join(ARTIFACTS_DIR, 'server-profile.txt'), serverText + '\n');
  log(serverText);

  const clientProfile = 'client.cpuprofile';
  const bare = await startServer('bare');
  let calls = 0;
  try {
    const client = await startClient('generated', bare.origin + ENDPOINT_PATH, [
      '--cpu-prof',
      `--cpu-prof-dir=${ARTIFACTS_DIR}`,
      `--cpu-prof-name=${clientProfile}`,
    ]);
    try {
      calls += (await client.run(settings.seconds * 1000, 1)).calls;
      calls += (await client.run(settings.seconds * 1000, settings.connections)).calls;
    } finally {
      await client.stop();
    }
  } finally {
    await bare.stop();
  }
  const clientSummary = summarizeProfile(readProfile(join(ARTIFACTS_DIR, clientProfile)), top);
  const clientText = formatSummary(
    `generated client, SOAP 1.1 Authenticate against the bare server, ${calls} calls (sequential, then ${settings.connections}-way)`,
    clientSummary,
    { count: calls, unit: 'call' },
  );
  writeFileSync(join(ARTIFACTS_DIR, 'client-profile.txt'), clientText + '\n');
  log(clientText);

  const dir = mkdtempSync(join(tmpdir(), 'asmxgen-bench-profile-'));
  try {
    const spec = join(dir, 'spec.yaml');
    writeSpec(settings.operations, spec);
    const generateProfile = `generate-${settings.operations}.cpuprofile`;
    await timeCommand(process.execPath, [
      '--cpu-prof',
      `--cpu-prof-dir=${ARTIFACTS_DIR}`,
      `--cpu-prof-name=${generateProfile}`,
      join(REPO_ROOT, 'bin', 'asmxgen.js'),
      'generate',
      '--spec',
      spec,
      '--out',
      join(dir, 'out'),
      '--quiet',
    ]);
    const generateSummary = summarizeProfile(readProfile(join(ARTIFACTS_DIR, generateProfile)), top);
    const generateText = formatSummary(`asmxgen generate, ${settings.operations} operations`, generateSummary);
    writeFileSync(join(ARTIFACTS_DIR, 'generate-profile.txt'), generateText + '\n');
    log(generateText);

    const breakdown = execFileSync(
      process.execPath,
      [fileURLToPath(new URL('./gen-breakdown.js', import.meta.url)), spec, '--json'],
      { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 16 * 2 ** 20 },
    );
    const phases = JSON.parse(breakdown) as Phase[];
    const total = phases.reduce((sum, p) => sum + p.ms, 0);
    const phaseText = [
      `asmxgen generate, ${settings.operations} operations, by phase (in process, ${total.toFixed(0)} ms):`,
      ...phases.map(
        (p) =>
          `  ${p.ms.toFixed(0).padStart(7)} ms ${((p.ms / total) * 100).toFixed(1).padStart(5)}%  ${p.phase}` +
          (p.bytes === undefined ? '' : `  (${(p.bytes / 1024).toFixed(0)} KiB)`),
      ),
    ].join('\n');
    writeFileSync(join(ARTIFACTS_DIR, 'generate-phases.txt'), phaseText + '\n');
    log(phaseText);
    return {
      server: { requests, summary: serverSummary },
      client: { calls, summary: clientSummary },
      generate: { operations: settings.operations, summary: generateSummary },
      generatePhases: phases,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
