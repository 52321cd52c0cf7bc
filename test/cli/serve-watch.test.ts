/**
 * `serve --watch` as a developer uses it: edit a module the handlers import, then the spec, and see each change on
 * the wire; an invalid spec is explained (file:line:column) while the last valid one goes on being served.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startCliServer, tempDir } from './run-cli.js';

const PORT = 18372;

const SPEC = `service:
  name: Greeter
  namespace: urn:example:greeter
operations:
  - name: Hello
    parameters: [{ name: name, type: string }]
    result: string
`;

const HANDLERS = `import { greeting } from './greeting.js';

export const handlers = {
  async Hello({ name }: { name: string }): Promise<string> {
    return greeting(name);
  },
};
`;

/** Saves as editors do: a new file renamed over the old one. */
async function save(path: string, text: string): Promise<void> {
  await writeFile(`${path}.swp`, text);
  await rename(`${path}.swp`, path);
}

it('reloads on a change to a module the handlers import and to the spec, and waits out an invalid spec', async () => {
  const dir = await tempDir();
  await writeFile(join(dir, 'greeter.yaml'), SPEC);
  await writeFile(join(dir, 'handlers.ts'), HANDLERS);
  await writeFile(join(dir, 'greeting.ts'), "export const greeting = (name: string) => 'Hello, ' + name;\n");
  const served = await startCliServer(
    ['serve', '--watch', '--spec', 'greeter.yaml', '--impl', 'handlers.ts', '--port', String(PORT)],
    /serving Greeter at (http:\S+)/,
    { cwd: dir },
  );
  const waitFor = async (pattern: RegExp, count = 1) => {
    const deadline = Date.now() + 30_000;
    while ((served.output().match(new RegExp(pattern, 'g')) ?? []).length < count) {
      if (Date.now() > deadline) throw new Error(`waited for ${pattern}:\n${served.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const hello = async () => (await fetch(`${served.address}/Hello?name=Ada`)).text();
  try {
    expect(served.address).toBe(`http://127.0.0.1:${PORT}/Greeter.asmx`);
    await waitFor(/asmxgen: watching \S+ for changes/);
    expect(await hello()).toContain('>Hello, Ada</string>');

    await save(join(dir, 'greeting.ts'), "export const greeting = (name: string) => 'Goodbye, ' + name;\n");
    await waitFor(/asmxgen: reloaded/);
    expect(served.output()).toContain('asmxgen: greeting.ts changed');
    expect(await hello()).toContain('>Goodbye, Ada</string>');

    await save(join(dir, 'greeter.yaml'), SPEC.replace('urn:example:greeter', 'urn:example:greeter2'));
    await waitFor(/asmxgen: reloaded/, 2);
    expect(served.output()).toContain('asmxgen: greeter.yaml changed');
    expect(await (await fetch(`${served.address}?wsdl`)).text()).toContain('targetNamespace="urn:example:greeter2"');
    expect(await hello()).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="urn:example:greeter2">Goodbye, Ada</string>',
    );

    await save(join(dir, 'greeter.yaml'), SPEC.replace('result: string', 'result: strnig'));
    await waitFor(/still serving the last valid spec/);
    expect(served.output()).toMatch(/greeter\.yaml:7:\d+: operations\[0\]\.result: .*strnig/);
    expect(await hello()).toContain('>Goodbye, Ada</string>');

    await save(join(dir, 'handlers.ts'), HANDLERS.replace('greeting(name)', 'greeting(name).toUpperCase()'));
    await waitFor(/asmxgen: reloaded/, 3);
    expect(await hello()).toContain('>GOODBYE, ADA</string>');
    expect(await readFile(join(dir, 'greeter.yaml'), 'utf8')).toContain('strnig');
  } finally {
    served.child.kill('SIGTERM');
  }
  expect(await served.exited).toBe(0);
  expect(served.output()).not.toMatch(/\n\s+at /);
}, 90_000);
