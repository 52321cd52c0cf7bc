import { describe, expect, it } from 'vitest';
import { diffInputs } from '../../generator/diff/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { BASE, brief, changesTo, modelOf, variant, withOperation } from './helpers.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { generateWsdl } from '../../generator/index.js';

const COUNT = 'operation Count';
const SCRIPT = variant((spec) => ({ ...spec, service: { ...spec.service, scriptService: true } }));

/** The script service with operation Count changed. */
function scriptWith(edit: Parameters<typeof withOperation>[1]) {
  return variant((spec) => ({
    ...spec,
    service: { ...spec.service, scriptService: true },
    operations: spec.operations.map((op) => (op.name === 'Count' ? edit(op) : op)),
  }));
}

describe('[ScriptService] rules', () => {
  it('script-service-removed (breaking) and script-service-added (non-breaking), by direction', () => {
    expect(changesTo(modelOf(BASE), SCRIPT)).toEqual([
      { rule: 'script-service-removed', level: 'breaking', where: 'service', message: 'no longer a [ScriptService]' },
    ]);
    expect(changesTo(SCRIPT)).toEqual([
      { rule: 'script-service-added', level: 'non-breaking', where: 'service', message: 'became a [ScriptService]' },
    ]);
  });

  it('script-method-verb-changed (breaking), either way', () => {
    const get = scriptWith((op) => ({ ...op, scriptMethod: { useHttpGet: true } }));
    expect(changesTo(get, SCRIPT)).toEqual([
      {
        rule: 'script-method-verb-changed',
        level: 'breaking',
        where: COUNT,
        message: 'JSON calls changed from POST to GET',
        old: 'POST',
        new: 'GET',
      },
    ]);
    expect(brief(changesTo(SCRIPT, get))).toEqual(['script-method-verb-changed breaking operation Count']);
  });

  it('script-response-format-changed (breaking), either way', () => {
    const xml = scriptWith((op) => ({ ...op, scriptMethod: { responseFormat: 'xml' } }));
    expect(changesTo(xml, SCRIPT)).toEqual([
      {
        rule: 'script-response-format-changed',
        level: 'breaking',
        where: COUNT,
        message: 'JSON calls answered in xml instead of json',
        old: 'json',
        new: 'xml',
      },
    ]);
    expect(brief(changesTo(SCRIPT, xml))).toEqual(['script-response-format-changed breaking operation Count']);
  });

  it('script-xml-string-changed (breaking), either way, for a string result of XML replies only', () => {
    const text = scriptWith((op) => ({ ...op, result: 'string', scriptMethod: { responseFormat: 'xml' } }));
    const document = scriptWith((op) => ({
      ...op,
      result: 'string',
      scriptMethod: { responseFormat: 'xml', xmlSerializeString: true },
    }));
    expect(changesTo(document, text)).toEqual([
      {
        rule: 'script-xml-string-changed',
        level: 'breaking',
        where: COUNT,
        message: 'string result written as a <string> document instead of the text itself',
        old: 'false',
        new: 'true',
      },
    ]);
    expect(brief(changesTo(text, document))).toEqual(['script-xml-string-changed breaking operation Count']);
    expect(changesTo(text, text)).toEqual([]);
  });

  it('an explicit default scriptMethod is no change; script methods of a service that stops being one are not reported again', () => {
    expect(
      changesTo(
        scriptWith((op) => ({ ...op, scriptMethod: { useHttpGet: false } })),
        SCRIPT,
      ),
    ).toEqual([]);
    const get = scriptWith((op) => ({ ...op, scriptMethod: { useHttpGet: true } }));
    expect(brief(changesTo(modelOf(BASE), get))).toEqual(['script-service-removed breaking service']);
  });

  it('session-disabled (breaking) and session-enabled (non-breaking), by direction', () => {
    const session = withOperation('Count', (op) => ({ ...op, enableSession: true }));
    expect(changesTo(session)).toEqual([
      { rule: 'session-enabled', level: 'non-breaking', where: COUNT, message: 'session enabled' },
    ]);
    expect(changesTo(modelOf(BASE), session)).toEqual([
      { rule: 'session-disabled', level: 'breaking', where: COUNT, message: 'session disabled' },
    ]);
  });

  it('are not compared against a WSDL, which carries none of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'asmxgen-script-diff-'));
    try {
      const spec = {
        ...BASE,
        service: { ...BASE.service, scriptService: true },
        operations: BASE.operations.map((op) => (op.name === 'Count' ? { ...op, enableSession: true } : op)),
      };
      const [wsdl] = await generateWsdl(modelOf(spec));
      await writeFile(join(dir, 'svc.yaml'), stringify(spec));
      await writeFile(join(dir, 'svc.wsdl'), contentText(wsdl!.content));
      expect((await diffInputs(join(dir, 'svc.wsdl'), join(dir, 'svc.yaml'))).changes).toEqual([]);
      expect((await diffInputs(join(dir, 'svc.yaml'), join(dir, 'svc.wsdl'))).changes).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
