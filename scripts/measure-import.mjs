#!/usr/bin/env node
// Measures `asmxgen import` on a folder of WSDLs that real ASMX services served (docs/import.md, "Measuring
// coverage"): for each *.wsdl, whether it imports (and how many operations that brings, or refuses), and for the
// imported ones whether `import` then `generate --base-url <the original's host>` gives back the same bytes.
// Prints a table, the totals and the refusals grouped by reason. Runs on the built generator: `npm run build`
// first.
//
//   node scripts/measure-import.mjs FOLDER [--json FILE] [--show-diff]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { decodeXmlBytes } from '@asmxgen/runtime/xml';
import {
  generateWsdl,
  loadSpecText,
  readWsdl,
  readWsdlDocuments,
  renderSpecYaml,
  WsdlError,
} from '../dist/generator/index.js';

const args = process.argv.slice(2);
const folder = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--json');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const showDiff = args.includes('--show-diff');
if (!folder) {
  process.stderr.write('usage: node scripts/measure-import.mjs FOLDER [--json FILE] [--show-diff]\n');
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

const rows = [];
for (const name of files) {
  const path = join(folder, name);
  const label = relative(process.cwd(), path);
  const bytes = readFileSync(path);
  const started = performance.now();
  const row = { file: name, operations: 0, status: 'refused', reason: '', ms: 0 };
  let text;
  try {
    text = decodeXmlBytes(bytes);
    row.operations = countOperations(text);
    // As `import` reads it: the documents it names merged in, and a WSDL no spec reproduces kept (`kept`).
    const documents = await readWsdlDocuments(text, label, path, async (location) => ({
      text: decodeXmlBytes(readFileSync(location)),
      label: relative(process.cwd(), location),
    }));
    const { spec, addresses, difference } = readWsdl(text, label, { exact: false, ...(documents && { documents }) });
    row.operations = spec.operations.length;
    row.status = 'imported';
    if (difference) {
      row.status = documents ? 'imported' : 'kept';
      row.reason = `${difference.served.file}:${difference.served.line}:${difference.served.column}: ${difference.detail}`;
    }
    // What `import` writes and `generate` reads: the spec goes through its YAML text.
    const model = loadSpecText(renderSpecYaml(spec, { source: label }), `${label}.yaml`);
    const address = addresses.soap11 ?? Object.values(addresses)[0];
    // Scheme, host and port as the address writes them (URL.origin would drop a default port such as :443).
    const baseUrl = address === undefined ? undefined : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(address)?.[0];
    const [wsdl] = await generateWsdl(model, baseUrl === undefined ? {} : { baseUrl });
    const generated = Buffer.from(wsdl.content, 'utf8');
    if (generated.equals(bytes)) row.status = 'round-trip';
    else if (row.status !== 'kept') row.reason = firstDifference(bytes.toString('utf8'), wsdl.content);
  } catch (error) {
    row.reason =
      error instanceof WsdlError ? error.message : `internal error: ${error instanceof Error ? error.stack : error}`;
  }
  row.ms = Math.round(performance.now() - started);
  rows.push(row);
}

const width = Math.max(...rows.map((r) => r.file.length), 4);
const out = [];
out.push(`${'file'.padEnd(width)}  ops  result      ms    note`);
for (const r of rows) {
  const note = r.status === 'round-trip' ? '' : r.reason.split('\n')[0];
  out.push(
    `${r.file.padEnd(width)}  ${String(r.operations).padStart(4)}  ${r.status.padEnd(10)}  ${String(r.ms).padStart(5)}  ` +
      (showDiff || r.status === 'refused' ? note : note.slice(0, 160)),
  );
}
const sum = (list) => list.reduce((n, r) => n + r.operations, 0);
const imported = rows.filter((r) => r.status !== 'refused');
const exact = rows.filter((r) => r.status === 'round-trip');
const totalOps = sum(rows);
const percent = (n, d) => (d === 0 ? '0.0' : ((100 * n) / d).toFixed(1));
out.push('');
out.push(`services imported:  ${imported.length}/${rows.length} (${percent(imported.length, rows.length)}%)`);
out.push(`operations imported: ${sum(imported)}/${totalOps} (${percent(sum(imported), totalOps)}%)`);
out.push(`byte-exact round trips: ${exact.length}/${rows.length} (${percent(exact.length, rows.length)}%)`);
const kept = rows.filter((r) => r.status === 'kept');
out.push(`served WSDL kept (wsdl.original): ${kept.length}/${rows.length} (${percent(kept.length, rows.length)}%)`);

const groups = new Map();
for (const r of rows.filter((x) => x.status === 'refused')) {
  const key = reasonKey(r.reason);
  const group = groups.get(key) ?? { services: 0, operations: 0, files: [] };
  group.services += 1;
  group.operations += r.operations;
  group.files.push(r.file);
  groups.set(key, group);
}
if (groups.size > 0) {
  out.push('');
  out.push('refusals by reason (services, operations):');
  for (const [key, g] of [...groups].sort((a, b) => b[1].operations - a[1].operations)) {
    out.push(`  ${g.services} / ${g.operations}: ${key}`);
    out.push(`      ${g.files.join(', ')}`);
  }
}
if (kept.length > 0) {
  out.push('');
  out.push('imported, served WSDL kept (where the spec generates another):');
  for (const r of kept) out.push(`  ${r.file}: ${r.reason}`);
}
const differing = rows.filter((r) => r.status === 'imported');
if (differing.length > 0) {
  out.push('');
  out.push('imported, not byte-exact:');
  for (const r of differing) out.push(`  ${r.file}: ${r.reason}`);
}
process.stdout.write(`${out.join('\n')}\n`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);

/** Operations of the first port type, for a WSDL that does not import: what a refusal leaves out. */
function countOperations(text) {
  const portType = /<(?:[\w.-]+:)?portType\b[\s\S]*?<\/(?:[\w.-]+:)?portType>/.exec(text);
  return portType ? (portType[0].match(/<(?:[\w.-]+:)?operation\b/g) ?? []).length : 0;
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
