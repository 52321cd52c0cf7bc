import { expect, test } from 'vitest';
import { operationMethodNames, tsIdentifierFor } from '../../generator/model/naming.js';

test('an XML name that is no identifier gives one made of its parts', () => {
  expect(
    ['GetUser', 'Call-MAXSO', 'User.GetApiKey', 'my-op', 'a..b', '_x-1', 'constructor'].map(tsIdentifierFor),
  ).toEqual(['GetUser', 'CallMAXSO', 'UserGetApiKey', 'myOp', 'aB', '_x1', 'constructor_']);
});

test('operation method names: identifiers keep theirs, made names are numbered past them, overloads share one', () => {
  const names = operationMethodNames(['Call-MAXSO', 'CallMAXSO', 'Add', 'Add', 'Call.MAXSO']);
  expect([...names]).toEqual([
    ['CallMAXSO', 'CallMAXSO'],
    ['Add', 'Add'],
    ['Call-MAXSO', 'CallMAXSO1'],
    ['Call.MAXSO', 'CallMAXSO2'],
  ]);
});
