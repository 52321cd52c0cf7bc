import { describe, expect, it } from 'vitest';
import { BASE, brief, changesTo, modelOf, variant, withOperation } from './helpers.js';

describe('operation rules', () => {
  it('operation-removed (breaking)', () => {
    const changes = changesTo(variant((s) => ({ ...s, operations: s.operations.filter((op) => op.name !== 'Ping') })));
    expect(changes).toEqual([
      { rule: 'operation-removed', level: 'breaking', where: 'operation Ping', message: 'removed' },
    ]);
  });

  it('operation-added (non-breaking)', () => {
    const changes = changesTo(variant((s) => ({ ...s, operations: [...s.operations, { name: 'Echo' }] })));
    expect(changes).toEqual([
      { rule: 'operation-added', level: 'non-breaking', where: 'operation Echo', message: 'added' },
    ]);
  });

  it('matches operations by name, case-sensitively: a renamed operation is removed and added', () => {
    const changes = changesTo(withOperation('Ping', (op) => ({ ...op, name: 'ping' })));
    expect(changes.map((c) => `${c.level} ${c.rule} ${c.where}`)).toEqual([
      'breaking operation-removed operation Ping',
      'non-breaking operation-added operation ping',
    ]);
  });

  it('does not count the order of operations', () => {
    expect(changesTo(variant((s) => ({ ...s, operations: [...s.operations].reverse() })))).toEqual([]);
  });

  it('does not count group, a label for people that no WSDL carries', () => {
    const grouped = withOperation('Ping', (op) => ({ ...op, group: 'Health' }));
    expect(changesTo(grouped)).toEqual([]);
    expect(
      changesTo(
        withOperation('Ping', (op) => ({ ...op, group: 'Other' })),
        grouped,
      ),
    ).toEqual([]);
  });

  it('soap-action-changed (breaking)', () => {
    const changes = changesTo(withOperation('Ping', (op) => ({ ...op, soapAction: 'urn:svc/Ping2' })));
    expect(changes).toEqual([
      {
        rule: 'soap-action-changed',
        level: 'breaking',
        where: 'operation Ping',
        message: 'SOAPAction changed from urn:svc/Ping to urn:svc/Ping2',
        old: 'urn:svc/Ping',
        new: 'urn:svc/Ping2',
      },
    ]);
  });

  it('an explicit SOAPAction equal to the default is no change', () => {
    expect(changesTo(withOperation('Ping', (op) => ({ ...op, soapAction: 'urn:svc/Ping' })))).toEqual([]);
  });

  it('operation-description-changed (info): added, changed, removed', () => {
    const described = (description: string) => withOperation('Count', (op) => ({ ...op, description }));
    expect(changesTo(described('Items in a category'))).toEqual([
      {
        rule: 'operation-description-changed',
        level: 'info',
        where: 'operation Count',
        message: 'description added: "Items in a category"',
        new: 'Items in a category',
      },
    ]);
    expect(changesTo(described('Items'), described('Items in a category'))[0]).toMatchObject({
      message: 'description changed from "Items in a category" to "Items"',
    });
    expect(changesTo(modelOf(BASE), described('Items'))[0]).toMatchObject({ message: 'description removed: "Items"' });
  });

  it('reports nothing more for an operation removed or added than that', () => {
    const changes = changesTo(
      variant((s) => ({
        ...s,
        operations: [{ name: 'Count2', parameters: [{ name: 'n', type: 'int' }], result: 'long', description: 'x' }],
      })),
    );
    expect(changes.map((c) => `${c.rule} ${c.where}`)).toEqual([
      'operation-removed operation Count',
      'operation-removed operation Ping',
      'operation-added operation Count2',
    ]);
  });

  it('message-name-changed (breaking): the default SOAPAction that follows it is not reported again', () => {
    expect(changesTo(withOperation('Count', (op) => ({ ...op, messageName: 'CountItems' })))).toEqual([
      {
        rule: 'message-name-changed',
        level: 'breaking',
        where: 'operation Count',
        message: 'message name changed from Count to CountItems',
        old: 'Count',
        new: 'CountItems',
      },
    ]);
    const explicit = withOperation('Count', (op) => ({ ...op, messageName: 'CountItems', soapAction: 'urn:x' }));
    expect(brief(changesTo(explicit))).toEqual([
      'message-name-changed breaking operation Count',
      'soap-action-changed breaking operation Count',
    ]);
  });

  it('pairs overloads by message name, and names them by it', () => {
    const add = (messageName: string | undefined, type: string) => ({
      name: 'Add',
      ...(messageName !== undefined && { messageName }),
      parameters: [{ name: 'a', type }],
      result: type,
    });
    const overloads = (...ops: ReturnType<typeof add>[]) => variant((s) => ({ ...s, operations: ops }));
    const before = overloads(add('AddInts', 'int'), add('AddDoubles', 'double'), add(undefined, 'long'));
    const reordered = overloads(add(undefined, 'long'), add('AddDoubles', 'double'), add('AddInts', 'int'));
    expect(changesTo(reordered, before)).toEqual([]);
    const changed = overloads(add('AddInts', 'int'), add('AddDoubles', 'float'), add('AddLongs', 'long'));
    // The one Add without a message name is left alone on each side: its message name changed.
    expect(brief(changesTo(changed, before))).toEqual([
      'message-name-changed breaking operation Add',
      'parameter-type-changed breaking operation Add (AddDoubles), parameter a',
      'result-type-changed breaking operation Add (AddDoubles), result',
    ]);
    const twoNew = overloads(add('AddInts', 'int'), add('AddLongs', 'long'), add('AddShorts', 'short'));
    expect(brief(changesTo(twoNew, before))).toEqual([
      'operation-removed breaking operation Add',
      'operation-removed breaking operation Add (AddDoubles)',
      'operation-added non-breaking operation Add (AddLongs)',
      'operation-added non-breaking operation Add (AddShorts)',
    ]);
  });
});
