import { tsPropertyName } from '../model/naming.js';
import type { TsClassDeclaration, TsDeclaration, TsEnumDeclaration } from '../model/ts-types.js';
import type { HeaderModel, OperationModel, ServiceModel } from '../model/types.js';
import type { ChoiceModel } from '../model/type-model.js';
import { jsDoc } from '../printer/js-doc.js';
import { MODULE_PATHS } from './module-paths.js';
import { importRuntime, reexportRuntime, RUNTIME, type RuntimeMode } from './runtime-symbols.js';
import { generic, stringLiteral, union } from '../printer/ts-syntax.js';
import type { Member, Statement, TsModule } from '../printer/ts-module.js';
import { jsonSitesOfOperation, type JsonTypes } from './json-types.js';

/**
 * `types.ts`: the service's declared types (interfaces, `{Base}Value` unions, enums as unions of their XML
 * names), per operation its input (`{Op}Input`, one property per parameter), its result (`{Op}Result`) and its
 * SOAP headers (`{Op}Headers`, `{Op}OutHeaders`), and the headers a client sends (`{Svc}SoapHeaders`): shared by
 * server and client. The runtime's value types these name are re-exported. Typed JSON strings' types, compiled from
 * their schemas (`json-types.ts`), come before the operation's input.
 */
export function emitTypesModule(model: ServiceModel, runtime: RuntimeMode, jsonTypes: JsonTypes = new Map()): TsModule {
  const values = model.runtimeValues.map((name) => RUNTIME[name]);
  return {
    path: MODULE_PATHS.types,
    statements: [
      ...(values.length > 0 ? [...importRuntime(values, runtime), reexportRuntime(values)] : []),
      ...model.tsDeclarations.flatMap(declaration),
      ...model.operations.flatMap((op) => [
        // The types of its typed JSON strings (`json-types.ts`), first.
        ...jsonSitesOfOperation(op).flatMap((site) => jsonTypes.get(site.json.tsType) ?? []),
        inputType(op),
        resultType(op),
        ...headerTypes(op),
      ]),
      ...clientHeaders(model),
    ],
  };
}

function declaration(d: TsDeclaration): Statement[] {
  return d.kind === 'enum' ? [enumType(d)] : classTypes(d);
}

function enumType(d: TsEnumDeclaration): Statement {
  const names = union(...d.values.map((v) => stringLiteral(v)));
  const xml = d.xmlName === d.name ? '' : ` (XML type \`${d.xmlName}\`)`;
  return {
    kind: 'type',
    name: d.tsName,
    type: d.flags ? generic('Array', names) : names,
    docs: jsDoc([
      d.flags
        ? `\`${d.name}\`${xml}: a flags enum, as the set of its XML names (\`[]\` is the empty set).`
        : `\`${d.name}\`${xml}: an enum, as its XML names.`,
    ]),
  };
}

function classTypes(d: TsClassDeclaration): Statement[] {
  const what = d.struct ? 'a struct (a value type: never nil)' : d.abstract ? 'an abstract class' : 'a class';
  const xml = d.xmlName === d.name ? '' : ` (XML type \`${d.xmlName}\`)`;
  const lines = [
    `\`${d.name}\`${xml}: ${what}${d.base === undefined ? '' : `, derived from \`${d.base}\``}.`,
    d.discriminator === 'none'
      ? undefined
      : d.discriminator === 'required'
        ? `\`$type\`, its XML type name, tells it apart from the other classes of its hierarchy.`
        : `\`$type\`, its XML type name, may be left out where a site's type is \`${d.tsName}\`.`,
  ];
  const discriminator: Member[] =
    d.discriminator === 'none'
      ? []
      : [{ kind: 'property', name: '$type', type: stringLiteral(d.xmlName), optional: d.discriminator === 'optional' }];
  const statements: Statement[] = [
    {
      kind: 'interface',
      name: d.tsName,
      docs: jsDoc(lines),
      ...(d.base === undefined ? {} : { extends: [generic('Omit', d.base, "'$type'")] }),
      members: [
        ...discriminator,
        ...d.members.map((m): Member => ({
          kind: 'property',
          name: m.name,
          type: m.tsType,
          optional: m.optional,
          docs: jsDoc([memberNote(m)]),
        })),
      ],
    },
  ];
  if (d.valueUnion) {
    statements.push({
      kind: 'type',
      name: d.valueUnion.name,
      type: union(...d.valueUnion.members),
      docs: jsDoc([
        `Any value a \`${d.name}\` site holds: ${d.abstract ? 'a class' : `a \`${d.tsName}\` or a class`} derived ` +
          'from it, told apart by `$type`.',
      ]),
    });
  }
  return statements;
}

function memberNote(m: TsClassDeclaration['members'][number]): string | undefined {
  if (m.form === 'any') return 'The child elements no other member claims (`[XmlAnyElement]`).';
  if (m.form === 'attribute') return `The \`${m.xmlName}\` attribute.`;
  if (m.form === 'text') return "The element's text (`[XmlText]`).";
  if (m.choice) {
    const names = m.choice.map((n) => `\`${n}\``).join(', ');
    return m.unwrapped
      ? `Repeated ${names} elements, in the member's place.`
      : `One of ${names}, in the member's place.`;
  }
  if (m.unwrapped) return `Repeated \`${m.xmlName}\` elements, in the member's place (no wrapper).`;
  const bare = m.name.replace(/^'(.*)'$/, '$1');
  return m.xmlName === bare ? undefined : `The \`${m.xmlName}\` element.`;
}

function docs(op: OperationModel, role: string) {
  return jsDoc([op.description, role], { group: op.group });
}

function inputType(op: OperationModel): Statement {
  if (op.requestParameters.length === 0) {
    // `{}` would accept any value but null; this accepts `{}` only.
    return {
      kind: 'type',
      name: op.ts.inputType,
      type: generic('Record', 'string', 'never'),
      docs: docs(op, `\`${op.ts.method}\` takes no parameters.`),
    };
  }
  return {
    kind: 'interface',
    name: op.ts.inputType,
    docs: docs(op, `The parameters of \`${op.ts.method}\`.`),
    members: op.requestParameters.map((p) => ({
      kind: 'property' as const,
      name: p.tsName,
      type: p.tsType,
      optional: p.minOccurs === 0,
    })),
  };
}

/** `` `x` or `y` ``: a choice's elements, for a comment. */
function choiceElements(choice: ChoiceModel): string {
  const names = choice.elements.map((e) => `\`${e.name}\``);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

function resultType(op: OperationModel): Statement {
  const result = op.result;
  const name = op.ts.method;
  if (op.replyParameters.length > 0) return replyType(op);
  const role = !result
    ? op.oneWay
      ? `\`${name}\` is one-way: it returns nothing, and its SOAP reply is 202 Accepted with no body.`
      : op.parameterStyle === 'bare'
        ? `\`${name}\` returns nothing: its reply is an empty SOAP Body.`
        : `\`${name}\` returns nothing: its reply is an empty \`${op.responseElement}\`.`
    : result.choice
      ? `What \`${name}\` returns: ${choiceElements(result.choice)}, the element each value names` +
        (result.unwrapped ? '; `undefined` or `[]` when there are none.' : '; `undefined` when none is there.')
      : result.minOccurs === 0
        ? `What \`${name}\` returns, the \`${result.elementName}\` element; \`undefined\` when it is absent.`
        : `What \`${name}\` returns, the \`${result.elementName}\` element.`;
  return {
    kind: 'type',
    name: op.ts.resultType,
    type: !result ? 'void' : result.minOccurs === 0 ? union(result.tsType, 'undefined') : result.tsType,
    docs: docs(op, role),
  };
}

/**
 * The result of an operation with `out` or `ref` parameters: `result` (its return value, for a non-void one) and each
 * of those parameters, as its response element holds them.
 */
function replyType(op: OperationModel): Statement {
  const result = op.result;
  const returned: Member[] = result
    ? [
        {
          kind: 'property',
          name: result.replyKey,
          type: result.tsType,
          optional: result.minOccurs === 0,
          docs: jsDoc([`The return value, the \`${result.elementName}\` element.`]),
        },
      ]
    : [];
  return {
    kind: 'interface',
    name: op.ts.resultType,
    docs: docs(
      op,
      `What \`${op.ts.method}\` returns: ${result ? 'its return value and ' : ''}its out and ref parameters, in the ` +
        `order of the \`${op.responseElement}\` element; a property is absent when its element is.`,
    ),
    members: [
      ...returned,
      ...op.replyParameters.map((p): Member => ({
        kind: 'property',
        name: p.tsName,
        type: p.tsType,
        optional: p.minOccurs === 0,
        docs: jsDoc([`The \`${p.direction}\` parameter \`${p.name}\`.`]),
      })),
    ],
  };
}

function headerTypes(op: OperationModel): Statement[] {
  const names = op.ts.headers;
  if (!names) return [];
  const fields = (headers: readonly HeaderModel[]): Member[] =>
    headers.map((h) => ({ kind: 'property', name: tsPropertyName(h.field), type: h.tsType, optional: true }));
  const out: Statement[] = [];
  if (names.in) {
    out.push({
      kind: 'interface',
      name: names.in,
      docs: jsDoc([
        `The SOAP headers \`${op.ts.method}\` reads, by field: a handler's \`ctx.soapHeaders\` (each absent when ` +
          "the request does not carry it), a call's `soapHeaders` option.",
      ]),
      members: fields(op.headers.filter((h) => h.input)),
    });
  }
  if (names.out) {
    out.push({
      kind: 'interface',
      name: names.out,
      docs: jsDoc([
        `The SOAP headers \`${op.ts.method}\` writes in its reply, by field: what a handler sets on ` +
          "`ctx.outHeaders` (an InOut header starts as received), what a call's `outHeaders` option receives.",
      ]),
      members: fields(op.headers.filter((h) => h.output)),
    });
  }
  return out;
}

function clientHeaders(model: ServiceModel): Statement[] {
  if (model.soapHeaderFields.length === 0) return [];
  return [
    {
      kind: 'interface',
      name: model.ts.soapHeadersType,
      docs: jsDoc([
        `SOAP headers a client of ${model.name} sends, by field: each with every call of an operation that reads ` +
          "it, unless the call's own `soapHeaders` give the field.",
      ]),
      members: model.soapHeaderFields.map((f) => ({
        kind: 'property' as const,
        name: tsPropertyName(f.field),
        type: f.tsType,
        optional: true,
      })),
    },
  ];
}
