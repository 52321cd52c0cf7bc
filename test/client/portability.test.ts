/**
 * The client runs on Node 20+ and in browsers: nothing it imports may
 * import a `node:` module (or a Node-only package), but for the transport it
 * loads on Node by an import bundlers leave alone; and the shared modules
 * it reuses, rewritten without Node built-ins, must behave exactly as the
 * Node built-ins they replaced.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { MIMEType } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../runtime/src/xsd/base64.js';
import { parseContentType } from '../../runtime/src/http/content-type.js';

const RUNTIME = resolve(import.meta.dirname, '../../runtime/src');

/** Every module `entry` imports, directly or not, with the bare specifiers (packages, built-ins) it names. */
function importGraph(entry: string): { modules: string[]; external: string[] } {
  const modules = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else external.add(specifier);
    }
    for (const match of source.matchAll(/\bimport\(\s*'([^']+)'/g)) external.add(match[1]!);
  };
  visit(join(RUNTIME, entry));
  return { modules: [...modules].map((m) => relative(RUNTIME, m)).sort(), external: [...external].sort() };
}

describe('the client runtime', () => {
  it('imports no node: module, and no package but fast-xml-parser (undici is loaded, never imported)', () => {
    const { modules, external } = importGraph('client.ts');
    expect(modules).toContain('client/service-caller.ts');
    expect(modules).toContain('xsd/xsd-values.ts');
    expect(modules).not.toContain('http/multipart.ts');
    expect(modules.filter((m) => m.startsWith('server'))).toEqual([]);
    expect(external).toEqual(['fast-xml-parser']);
  });

  it('loads undici, node:http, node:https, node:buffer and node:zlib only on Node, by one import bundlers do not follow', () => {
    const { modules } = importGraph('client.ts');
    const sources = modules.map((m) => [m, readFileSync(join(RUNTIME, m), 'utf8')] as const);
    const loaded = sources.flatMap(([m, source]) =>
      [...source.matchAll(/importModule<\w+>\('([^']*)'/g)].map((x) => [m, x[1]]),
    );
    expect(loaded.sort()).toEqual([
      ['client/node-reply.ts', 'node:zlib'],
      ['client/node-transport.ts', 'node:buffer'],
      ['client/node-transport.ts', 'undici'],
    ]);
    const builtins = sources.flatMap(([m, source]) => [...source.matchAll(/'(node:[^']*)'/g)].map((x) => [m, x[1]]));
    expect(builtins.sort()).toEqual([
      ['client/node-reply.ts', 'node:zlib'],
      ['client/node-transport.ts', 'node:buffer'],
      ['client/node-transport.ts', 'node:http'],
      ['client/node-transport.ts', 'node:https'],
    ]);
    const undici = sources.flatMap(([m, source]) => [...source.matchAll(/'undici'/g)].map(() => m));
    expect(undici).toEqual(['client/node-transport.ts']);
    const dynamic = sources.flatMap(([m, source]) =>
      [...source.matchAll(/\bimport\(([^)]*)\)/g)].map((x) => [m, x[1]]),
    );
    expect(dynamic).toEqual([['client/node-reply.ts', '/* webpackIgnore: true */ /* @vite-ignore */ specifier']]);
  });

  it('its browser entry leaves the Node transport out: no node: module named anywhere in its graph', () => {
    const { modules, external } = importGraph('client-browser.ts');
    expect(modules).toContain('client/service-caller.ts');
    expect(modules).toContain('client/browser-sender.ts');
    expect(modules.filter((m) => /node-transport|send-request|^server|multipart/.test(m))).toEqual([]);
    expect(external).toEqual(['fast-xml-parser']);
    const named = modules.filter((m) => /'node:|import\(/.test(readFileSync(join(RUNTIME, m), 'utf8')));
    expect(named).toEqual([]);
  });

  it('finds the imports it looks for (the check checks something)', () => {
    expect(importGraph('server.ts').external).toEqual(expect.arrayContaining(['busboy', 'node:http']));
  });
});

describe('parseContentType, as node:util MIMEType parses', () => {
  const HEADERS = [
    'text/xml',
    'text/xml; charset=utf-8',
    'TEXT/XML;CHARSET=UTF-8',
    '  application/soap+xml ; charset=utf-8 ; action="App.WebService/Op"  ',
    'application/soap+xml; action="a\\"b\\\\c"; charset=utf-8',
    'application/soap+xml; action="unterminated',
    'application/soap+xml; action="x" trailing; charset=latin1',
    'text/plain; charset=utf-8; charset=latin1',
    'text/plain;charset',
    'text/plain;charset=',
    'text/plain; =x; charset="utf-8"',
    'text/plain; ch@rset=x; charset=utf-16le',
    'text/plain; charset="\u00e9"',
    'text/plain; charset=\u0100',
    'text/plain;;;charset=utf-8',
    'text/plain; charset = utf-8',
    'text/plain; action="\\',
    'multipart/form-data; boundary=----x',
    'text / xml',
    'text/',
    '/xml',
    'textxml',
    't\u00e9xt/xml',
    '',
    ';',
    'text/xml\t',
  ];

  it.each(HEADERS)('%j', (header) => {
    let expected: { mediaType: string; charset: string | undefined; action: string | undefined } | undefined;
    try {
      const type = new MIMEType(header);
      expected = {
        mediaType: type.essence,
        charset: type.params.get('charset') ?? undefined,
        action: type.params.get('action') ?? undefined,
      };
    } catch {
      expected = undefined;
    }
    expect(parseContentType(header)).toEqual(expected);
  });

  it('takes no header as no content type', () => {
    expect(parseContentType(undefined)).toBeUndefined();
  });
});

describe('base64, as Buffer writes and reads it', () => {
  it.each([0, 1, 2, 3, 4, 5, 255, 256, 0x8000, 0x8001, 100_000])('%i bytes', (length) => {
    const bytes = new Uint8Array(length).map((_, i) => (i * 7919) & 0xff);
    const text = Buffer.from(bytes).toString('base64');
    expect(encodeBase64(bytes)).toBe(text);
    expect(Buffer.from(decodeBase64(text)).equals(Buffer.from(bytes))).toBe(true);
  });

  it('encodes a view of a larger buffer as the view only', () => {
    const bytes = new Uint8Array([9, 1, 2, 7, 9]).subarray(1, 4);
    expect(encodeBase64(bytes)).toBe('AQIH');
  });
});
