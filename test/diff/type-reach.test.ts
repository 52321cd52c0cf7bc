import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffModels } from '../../generator/diff/index.js';
import { typeReach } from '../../generator/diff/type-reach.js';
import { loadSpecText } from '../../generator/index.js';
import { modelOfData, type SpecData } from './type-helpers.js';

/**
 * An ordering service whose replies share a base: `Login` returns a `LoginReply`, `PlaceOrder` an `OrderReply`,
 * `Status` the base `Reply` itself, and `Replay` takes an `OrderReply`. `Refund` and `Audit` are registered only
 * by an `[XmlInclude]` (on the service, on `Reply`); `Draft` derives from `Reply` and nothing registers it.
 */
function orders(): SpecData {
  return {
    service: { name: 'Orders', namespace: 'urn:orders' },
    bindings: ['soap11', 'soap12'],
    types: {
      Reply: { members: [{ name: 'Code', type: 'int' }, { name: 'Message' }] },
      LoginReply: { base: 'Reply', members: [{ name: 'Token' }] },
      OrderReply: { base: 'Reply', members: [{ name: 'OrderId', type: 'int' }] },
      Draft: { base: 'Reply', members: [{ name: 'Note' }] },
      Refund: { base: 'OrderReply', members: [{ name: 'Amount', type: 'decimal' }] },
    },
    operations: [
      { name: 'Login', parameters: [{ name: 'user' }], result: 'LoginReply' },
      { name: 'PlaceOrder', parameters: [{ name: 'sku' }], result: 'OrderReply' },
      { name: 'Status', result: 'Reply' },
      { name: 'Replay', parameters: [{ name: 'reply', type: 'OrderReply' }] },
    ],
  };
}

function changes(edit: (spec: SpecData) => void, base: (spec: SpecData) => void = () => {}): string[] {
  const before = orders();
  base(before);
  const after = structuredClone(before);
  edit(after);
  return diffModels(modelOfData(before), modelOfData(after)).map(
    (c) => `${c.rule} ${c.level} ${c.where}: ${c.message}`,
  );
}

function reachOf(spec: SpecData): Record<string, string> {
  const reach = typeReach(modelOfData(spec));
  return Object.fromEntries(
    [...reach].map(([name, r]) => [
      name,
      [[...r.operations].sort().join(','), ...(r.request ? ['request'] : []), ...(r.response ? ['response'] : [])].join(
        ' ',
      ),
    ]),
  );
}

describe('type reach', () => {
  it('a member added to a response class reaches the operations that can carry that class, not its siblings', () => {
    // LoginReply travels where it is declared (Login) and where its base is and the service registers it (Status);
    // PlaceOrder and Replay declare OrderReply, which a LoginReply cannot stand in for.
    expect(changes((s) => s.types.LoginReply.members.push({ name: 'Expires', type: 'dateTime?' }))).toEqual([
      'member-added-to-response non-breaking type LoginReply, member Expires: added (dateTime?, required), in responses ' +
        '(reaches Login, Status)',
    ]);
  });

  it("a change to a base's own members reaches every operation that carries it or a class derived from it", () => {
    expect(changes((s) => s.types.Reply.members.pop())).toEqual([
      'member-removed breaking type Reply, member Message: removed (string), in requests and responses ' +
        '(reaches Login, PlaceOrder, Replay, Status)',
    ]);
  });

  it('a derived class travels where its base is declared only once the service registers it', () => {
    expect(reachOf(orders())).toEqual({
      Reply: 'Login,PlaceOrder,Replay,Status request response',
      LoginReply: 'Login,Status response',
      OrderReply: 'PlaceOrder,Replay,Status request response',
    });
    // `[XmlInclude(typeof(Refund))]` on the service: a Refund may stand in for an OrderReply or a Reply.
    const included = orders();
    included.service.include = ['Refund'];
    expect(reachOf(included)).toMatchObject({ Refund: 'PlaceOrder,Replay,Status request response' });
    // `[XmlInclude(typeof(Draft))]` on the base: the same.
    const onBase = orders();
    onBase.types.Reply.include = ['Draft'];
    expect(reachOf(onBase)).toMatchObject({ Draft: 'Status response' });
  });

  it('a class derived from a base but registered by nothing is reached by no operation', () => {
    expect(changes((s) => s.types.Draft.members.push({ name: 'Pages', type: 'int' }))).toEqual([
      'unused-type-changed info type Draft: changed (member-added-to-response), but no operation reaches it',
    ]);
  });

  it('an array or a member of the base type carries the registered derived classes too', () => {
    const spec = orders();
    spec.types.History = { members: [{ name: 'Replies', type: 'Reply[]' }] };
    spec.operations.push({ name: 'GetHistory', result: 'History' });
    expect(reachOf(spec)).toMatchObject({
      History: 'GetHistory response',
      LoginReply: 'GetHistory,Login,Status response',
      OrderReply: 'GetHistory,PlaceOrder,Replay,Status request response',
    });
  });

  it('a derived class added is reported where values of its base travel, not where only its members do', () => {
    // Only Status declares Reply: Login, PlaceOrder and Replay carry Reply's members, never a Reply value.
    expect(
      changes((s) => {
        s.types.Coupon = { base: 'Reply', members: [{ name: 'Percent', type: 'int' }] };
        s.types.Reply.include = ['Coupon'];
      }),
    ).toEqual([
      'derived-type-added breaking type Reply: derived type Coupon added, in responses (reaches Status)',
      'type-added non-breaking type Coupon: added (reaches Status)',
    ]);
  });

  it('a base made abstract is reported where values of it travel', () => {
    // Reply values travel only in Status's response: no caller sends one, so nothing they send is refused.
    expect(changes((s) => (s.types.Reply.abstract = true))).toEqual([
      'abstract-changed-compatible non-breaking type Reply: became abstract, in responses (reaches Status)',
    ]);
    // OrderReply values travel in Replay's request too.
    expect(changes((s) => (s.types.OrderReply.abstract = true))).toEqual([
      'abstract-changed breaking type OrderReply: became abstract, in requests and responses ' +
        '(reaches PlaceOrder, Replay, Status)',
    ]);
  });

  it('in the corpus service Inheritance, a member added to Employee does not reach Engage (a Contractor)', () => {
    // Employee and Contractor derive from Party: FindParty returns a Party, Hire takes an Employee, Engage a Contractor.
    const file = 'test/golden/corpus-inheritance/spec.yaml';
    const text = readFileSync(file, 'utf8');
    const edited = text.replace(
      '  Employee: { base: Party, members: [{ name: Department }] }',
      '  Employee: { base: Party, members: [{ name: Department }, { name: Badge }] }',
    );
    expect(edited).not.toBe(text);
    const found = diffModels(loadSpecText(text, file), loadSpecText(edited, file));
    expect(found.map((c) => `${c.rule} ${c.level} ${c.where}: ${c.message}`)).toEqual([
      'member-added-optional non-breaking type Employee, member Badge: added (string, optional), in requests and responses ' +
        '(reaches FindParty, Hire)',
    ]);
  });
});
