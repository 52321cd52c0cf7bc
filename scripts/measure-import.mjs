#!/usr/bin/env node
// Measures asmxgen on a folder of WSDLs that real ASMX services served (docs/import.md, "Measuring coverage"), the
// way a user meets it: for each *.wsdl, `asmxgen import` into a spec, `asmxgen generate --base-url <the original's
// scheme, host and port>` of that spec (server, client, tests and WSDL), the generated WSDL compared with the
// served bytes, and at the end one `tsc` over everything generated (the repository's strict tsconfig). Prints a
// row per file, the totals and the refusals grouped by reason. Runs the built CLI: `npm run build` first.
//
//   node scripts/measure-import.mjs FOLDER [--json FILE] [--show-diff] [--no-typecheck] [--keep]
//
// The outputs go to test/artifacts/measure/ (inside the repository, so that generated code finds
// @asmxgen/runtime and vitest); --keep leaves them there.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'asmxgen.js');
const WORK = join(ROOT, 'test', 'artifacts', 'measure');

const USAGE = 'usage: node scripts/measure-import.mjs FOLDER [--json FILE] [--show-diff] [--no-typecheck] [--keep]\n';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const valued = new Set(['--json']);
const folder = args.find((a, i) => !a.startsWith('--') && !valued.has(args[i - 1]));
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const showDiff = args.includes('--show-diff');
const typecheck = !args.includes('--no-typecheck');
const keep = args.includes('--keep');
if (!folder) {
  process.stderr.write(USAGE);
  process.exit(2);
}
if (!existsSync(folder)) {
  process.stderr.write(`measure-import: cannot read ${folder}: no such folder\n`);
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist', 'generator', 'index.js'))) {
  process.stderr.write('measure-import: run `npm run build` first (the CLI runs from dist/)\n');
  process.exit(2);
}

const files = readdirSync(folder, { recursive: true })
  .map(String)
  .filter((f) => f.toLowerCase().endsWith('.wsdl'))
  .sort();
if (files.length === 0) {
  process.stderr.write(`no .wsdl file in ${folder}\n`);
  process.exit(2);
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });

/** Runs the CLI; resolves with its exit code and output (never rejects). */
function cli(cliArgs, cwd) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...cliArgs], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code: code ?? 1, out }));
  });
}

async function measure(name, index) {
  const source = resolve(folder, name);
  const bytes = readFileSync(source);
  const text = bytes.toString('utf8');
  const dir = join(WORK, String(index).padStart(3, '0'));
  mkdirSync(dir, { recursive: true });
  const row = {
    file: name,
    operations: countOperations(text),
    status: 'refused',
    reason: '',
    original: false,
    generated: false,
    wsdlExact: false,
    typecheck: undefined,
    ms: 0,
  };
  const started = performance.now();
  const specFile = join(dir, 'spec.yaml');
  const imported = await cli(['import', source, '--out', specFile], dir);
  if (imported.code !== 0) {
    row.reason = firstLine(imported.out.replace(`${source}:`, `${name}:`));
  } else {
    row.status = 'imported';
    const spec = readFileSync(specFile, 'utf8');
    row.operations = (spec.match(/^ {2}- name: /gm) ?? []).length || row.operations;
    row.original = /^\s+original:/m.test(spec);
    const address = /<(?:[\w.-]+:)?address\s+location="([^"]*)"/.exec(text)?.[1];
    // Scheme, host and port as the address writes them (URL.origin would drop a default port such as :443).
    const baseUrl = address === undefined ? undefined : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(address)?.[0];
    const out = join(dir, 'out');
    const generated = await cli(
      ['generate', '--spec', specFile, '--out', out, ...(baseUrl ? ['--base-url', baseUrl] : [])],
      dir,
    );
    if (generated.code !== 0) {
      row.status = 'generate failed';
      row.reason = firstLine(generated.out);
    } else {
      row.generated = true;
      const wsdl = readdirSync(out).find((f) => f.endsWith('.wsdl'));
      const written = wsdl === undefined ? Buffer.alloc(0) : readFileSync(join(out, wsdl));
      row.wsdlExact = written.equals(bytes);
      if (!row.wsdlExact) row.reason = firstDifference(text, written.toString('utf8'));
      row.status = row.wsdlExact ? (row.original ? 'original' : 'round-trip') : 'differs';
    }
  }
  row.ms = Math.round(performance.now() - started);
  return row;
}

// Two at a time: every step is a process of its own.
const rows = new Array(files.length);
let next = 0;
const width = Math.max(...files.map((f) => f.length), 4);
async function worker() {
  while (next < files.length) {
    const i = next++;
    rows[i] = await measure(files[i], i);
    process.stderr.write(
      `[${String(i + 1).padStart(3)}/${files.length}] ${files[i].padEnd(width)} ${rows[i].status}\n`,
    );
  }
}
await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));

if (typecheck && rows.some((r) => r.generated)) {
  // One program over every generated folder; errors are attributed to the folder they are in.
  const dirs = rows.map((r, i) => (r.generated ? String(i).padStart(3, '0') : undefined)).filter(Boolean);
  writeFileSync(
    join(WORK, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { types: ['node'] },
      include: dirs.map((d) => `${d}/out/**/*.ts`),
    }),
  );
  process.stderr.write(`type-checking ${dirs.length} generated services…\n`);
  const tsc = await new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', WORK], {
      cwd: WORK,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', () => done(out));
  });
  const failures = new Map();
  for (const line of tsc.split('\n')) {
    const m = /^(\d{3})\/out\/.*?error (TS\d+: .*)$/.exec(line.trim());
    if (m && !failures.has(Number(m[1]))) failures.set(Number(m[1]), line.trim());
  }
  rows.forEach((r, i) => {
    if (!r.generated) return;
    r.typecheck = !failures.has(i);
    if (!r.typecheck) r.typecheckError = failures.get(i);
  });
}

const out = [];
out.push(`${'file'.padEnd(width)}  ops  result           tsc  ms     note`);
for (const r of rows) {
  const note = r.typecheck === false ? r.typecheckError : r.status === 'round-trip' ? '' : r.reason;
  const tsc = r.typecheck === undefined ? '-' : r.typecheck ? 'ok' : 'FAIL';
  out.push(
    `${r.file.padEnd(width)}  ${String(r.operations).padStart(4)}  ${r.status.padEnd(15)}  ${tsc.padEnd(4)} ` +
      `${String(r.ms).padStart(5)}  ${showDiff || r.status === 'refused' ? note : (note ?? '').slice(0, 160)}`,
  );
}
const sum = (list) => list.reduce((n, r) => n + r.operations, 0);
const percent = (n, d) => (d === 0 ? '0.0' : ((100 * n) / d).toFixed(1));
const importedRows = rows.filter((r) => r.status !== 'refused');
const generatedRows = rows.filter((r) => r.generated);
const working = rows.filter((r) => r.generated && r.typecheck !== false);
const totalOps = sum(rows);
out.push('');
out.push(`files: ${rows.length}, operations: ${totalOps}`);
out.push(
  `imported:                          ${importedRows.length}/${rows.length} (${percent(importedRows.length, rows.length)}%), operations ${sum(importedRows)}/${totalOps} (${percent(sum(importedRows), totalOps)}%)`,
);
out.push(`generated server, client, tests:   ${generatedRows.length}/${rows.length}`);
if (typecheck) {
  out.push(
    `... and type-checked:               ${working.length}/${rows.length} (${percent(working.length, rows.length)}%), operations ${sum(working)}/${totalOps} (${percent(sum(working), totalOps)}%)`,
  );
}
out.push(
  `generated WSDL = served bytes:     ${rows.filter((r) => r.wsdlExact).length}/${generatedRows.length} generated`,
);
out.push(
  `regenerated from the spec alone:   ${rows.filter((r) => r.wsdlExact && !r.original).length}/${rows.length} (no wsdl.original kept)`,
);

const groups = new Map();
for (const r of rows.filter((x) => x.status === 'refused' || x.status === 'generate failed')) {
  const key = `${r.status === 'refused' ? '' : 'generate: '}${reasonKey(r.reason)}`;
  const group = groups.get(key) ?? { services: 0, operations: 0, files: [] };
  group.services += 1;
  group.operations += r.operations;
  group.files.push(r.file);
  groups.set(key, group);
}
if (groups.size > 0) {
  out.push('');
  out.push('refusals by reason (services / operations):');
  for (const [key, g] of [...groups].sort((a, b) => b[1].operations - a[1].operations)) {
    out.push(`  ${g.services} / ${g.operations}: ${key}`);
    out.push(`      ${g.files.join(', ')}`);
  }
}
process.stdout.write(`${out.join('\n')}\n`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
if (!keep) rmSync(WORK, { recursive: true, force: true });
else process.stderr.write(`outputs kept in ${relative(process.cwd(), WORK) || WORK}\n`);

/** Operations of the first port type, for a WSDL that does not import: what a refusal leaves out. */
function countOperations(text) {
  const portType = /<(?:[\w.-]+:)?portType\b[\s\S]*?<\/(?:[\w.-]+:)?portType>/.exec(text);
  return portType ? (portType[0].match(/<(?:[\w.-]+:)?operation\b/g) ?? []).length : 0;
}

/** The reason of a failed command: its first `file:line:col:` line, else its first line. */
function firstLine(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return (lines.find((l) => /:\d+:\d+: /.test(l)) ?? lines[0] ?? 'no output').replace(/^asmxgen: /, '');
}

/** Where two texts first differ: the line, and both lines (CR and a final newline made visible). */
function firstDifference(original, generated) {
  const a = original.split('\n');
  const b = generated.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const show = (s) => (s === undefined ? '(end of file)' : JSON.stringify(s.trim().slice(0, 140)));
      return `line ${i + 1}: served ${show(a[i])}, generated ${show(b[i])}`;
    }
  }
  return 'differs in encoding (a byte-order mark?)';
}

/** A refusal's reason with its place, names and numbers taken out, so that refusals of one kind group together. */
function reasonKey(message) {
  return message
    .replace(/^[^\n]*?:\d+:\d+: /, '')
    .split('\n')[0]
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b(?:https?|urn):[^\s,;)]+/g, '<uri>')
    .replace(/\d+/g, 'N')
    .slice(0, 200);
}
