/**
 * The compiled writers (`compiled-writer.ts`) against the one value writer they stand in for: for every result
 * site and every class of every golden service, values made from the type descriptions (nil, absent, wrong
 * types, derived classes, hostile text among them) give the same bytes, or the same error, from both.
 */
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ServiceDescription } from '../../../runtime/src/service-description.js';
import type { TypeDescription, ValueType } from '../../../runtime/src/xsd/type-description.js';
import { compileSiteWriter } from '../../../runtime/src/values/compiled-writer.js';
import { writeValue, type WriteSite } from '../../../runtime/src/values/write-value.js';
import { XsdDateTime } from '../../../runtime/src/values/xsd-date-time.js';
import { XmlFragment } from '../../../runtime/src/values/xml-fragment.js';
import { partDepth } from '../../../runtime/src/values/namespace-prefixes.js';
import type { ValueContext } from '../../../runtime/src/values/value-kinds.js';
import { sampleBook } from '../fixtures/library-handlers.js';

const GOLDEN = join(import.meta.dirname, '../../golden');

async function goldenServices(): Promise<{ readonly scenario: string; readonly service: ServiceDescription }[]> {
  const found = [];
  for (const scenario of readdirSync(GOLDEN).sort()) {
    const file = join(GOLDEN, scenario, 'expected', 'service.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { service?: ServiceDescription };
    if (module.service?.types !== undefined) found.push({ scenario, service: module.service });
  }
  return found;
}

/** A small deterministic generator (xorshift), so that a failure is the same on every run. */
class Values {
  private state: number;
  constructor(seed: number) {
    this.state = seed || 1;
  }
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x100000000;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A value for a site of `type`: mostly of the type, sometimes nil, absent or not of the type at all. */
  of(types: Readonly<Record<string, TypeDescription>>, type: ValueType, depth: number): unknown {
    if (this.chance(0.08)) return this.pick([null, undefined]);
    if (this.chance(0.03)) return this.pick<unknown>([42, 'text', {}, [], true]);
    if (typeof type === 'string') return this.simple(type);
    if ('enum' in type) {
      const description = types[type.enum];
      if (description?.kind !== 'enum') return 'x';
      const names = description.values.map((v) => v.xmlName);
      if (description.flags) return this.chance(0.9) ? names.filter(() => this.chance(0.4)) : [names[0], 'NotAName'];
      return this.chance(0.95) ? this.pick(names) : 'NotAName';
    }
    if ('array' in type) {
      if (depth > 3) return [];
      const length = Math.floor(this.next() * 4);
      return Array.from({ length }, () =>
        type.choice ? { $element: this.pick(type.choice).element, value: 'x' } : this.of(types, type.array, depth + 1),
      );
    }
    if ('dictionary' in type) return undefined;
    const description = types[type.class];
    if (description?.kind !== 'class' || depth > 3) return this.chance(0.5) ? {} : undefined;
    const family = [type.class, ...(description.derived ?? [])];
    const actual = this.pick(family);
    const chosen = types[actual];
    if (chosen?.kind !== 'class') return {};
    const object: Record<string, unknown> = {};
    if (actual !== type.class || this.chance(0.1)) object.$type = chosen.xmlName;
    for (const member of chosen.members) {
      if (this.chance(0.1)) continue;
      if (member.form === 'any') {
        object[member.name] = this.chance(0.5) ? XmlFragment.parse('<x:a xmlns:x="urn:a">1</x:a>') : undefined;
      } else if (member.choice) {
        object[member.name] = member.unwrapped
          ? [{ $element: this.pick(member.choice).element, value: 'v' }]
          : { $element: this.pick(member.choice).element, value: 'v' };
      } else {
        object[member.name] = this.of(types, member.type, depth + 1);
      }
    }
    return object;
  }

  private simple(type: string): unknown {
    switch (type) {
      case 'string':
      case 'QName':
      case 'token':
      case 'NCName':
      case 'anyURI':
        return this.pick(['', 'plain', 'Tom & Jerry <3>', 'a\r\nb\t"q"', 'bad\u0001char', '\uD800', ' spaced ']);
      case 'boolean':
        return this.chance(0.5);
      case 'byte':
      case 'short':
      case 'int':
        return this.pick([0, -1, 7, 2147483647, 1.5]);
      case 'unsignedByte':
      case 'unsignedShort':
      case 'unsignedInt':
        return this.pick([0, 1, 255, -1]);
      case 'long':
      case 'unsignedLong':
        return this.pick([0n, 9007199254740993n, -5n, 3]);
      case 'float':
      case 'double':
        return this.pick([0, -0, 1.5, 0.1, 1e21, Number.NaN, Infinity]);
      case 'decimal':
        return this.pick(['12.50', '-0.0', 3, 'x']);
      case 'dateTime':
      case 'date':
      case 'time':
        return this.pick([XsdDateTime.parse('1999-12-31T23:59:59.25'), new Date(0), 'yesterday']);
      case 'base64Binary':
      case 'hexBinary':
        return this.pick([new Uint8Array([1, 2, 255]), new Uint8Array(0)]);
      case 'guid':
        return this.pick(['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '{3F2504E0-4F89-11D3-9A0C-0305E82C3301}', 'nope']);
      case 'char':
        return this.pick(['A', 'AB']);
      case 'timeSpan':
        return 'PT1S';
      case 'anyType':
        return this.pick<unknown>([{ $type: 'int', value: 5 }, { $type: 'string', value: 'x' }, 'bare']);
      default:
        return this.pick<unknown>(['text', XmlFragment.parse('<a>1</a>'), undefined]);
    }
  }
}

/** What writing gives: the element, or the error's kind and message. */
function outcome(write: () => string): string {
  try {
    return write();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

interface Site {
  readonly name: string;
  readonly type: ValueType;
  readonly site: WriteSite;
  readonly namespace?: string;
  readonly scope?: string;
  readonly lead?: string;
  readonly tail?: string;
  readonly level: number;
}

function sitesOf(service: ServiceDescription): Site[] {
  const sites: Site[] = [];
  for (const op of service.operations) {
    const result = op.result;
    if (result === undefined) continue;
    sites.push({
      name: result.element,
      type: result.type,
      site: { nillable: result.nillable },
      namespace: result.namespace,
      level: partDepth(op.bare),
    });
  }
  for (const [name, description] of Object.entries(service.types ?? {})) {
    if (description.kind !== 'class') continue;
    const type = { class: name };
    sites.push({ name: 'A', type, site: {}, level: 4 });
    sites.push({ name: 'B', type, site: { nillable: true, optional: true }, namespace: 'urn:other', level: 3 });
    sites.push({
      name: 'C',
      type,
      site: { nillable: true },
      lead: ' xmlns:p="urn:p"',
      tail: ' xmlns="urn:t"',
      level: 1,
    });
    sites.push({ name: 'D', type: { array: type, item: name, nillable: true }, site: {}, scope: 'urn:s', level: 2 });
  }
  return sites;
}

function compare(ctx: ValueContext, site: Site, value: unknown): void {
  const place = { lead: site.lead, tail: site.tail, namespace: site.namespace, scope: site.scope };
  const compiled = compileSiteWriter(ctx, site.name, site.type, site.site, place);
  const options = { ...place, level: site.level };
  const expected = outcome(() => writeValue(ctx, site.name, site.type, value, site.site, options));
  expect(outcome(() => compiled(value, site.level))).toBe(expected);
  // Written twice, the same again (the tree keeps nothing of a value).
  expect(outcome(() => compiled(value, site.level))).toBe(expected);
}

describe('compiled writers', async () => {
  const services = await goldenServices();

  it('finds the golden services with types', () => {
    expect(services.length).toBeGreaterThan(20);
  });

  it.each(services.map(({ scenario, service }) => [scenario, service] as const))(
    'write what writeValue writes: %s',
    (_scenario, service) => {
      const ctx = { types: service.types!, namespace: service.namespace };
      const values = new Values(0x9e3779b9);
      for (const site of sitesOf(service)) {
        for (let i = 0; i < 60; i++) compare(ctx, site, values.of(ctx.types, site.type, 0));
      }
    },
  );

  it('write the Library sample book as writeValue does, and refuse what it refuses, with its message', async () => {
    const { service } = await import('../../golden/library/expected/service.js');
    const ctx = { types: service.types!, namespace: service.namespace };
    const site: Site = { name: 'GetBookResult', type: { class: 'Book' }, site: {}, level: 4 };
    const book = sampleBook('0-123') as unknown as Record<string, unknown>;
    compare(ctx, site, book);
    const written = compileSiteWriter(ctx, site.name, site.type, site.site)(book, 4);
    expect(written).toContain('<Person xsi:type="Author">');
    compare(ctx, site, { ...book, Price: 'cheap' });
    const drama = { ...book, Genre: 'Drama' };
    compare(ctx, site, drama);
    expect(outcome(() => compileSiteWriter(ctx, site.name, site.type, site.site)(drama, 4))).toMatch(/"Drama".*Genre/);
  });
});
