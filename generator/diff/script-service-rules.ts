import type { OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { operationLabel, pairOperations } from './operation-pairs.js';
import { operationWhere, SERVICE_WHERE } from './where.js';

export const SCRIPT_SERVICE_REMOVED: DiffRule = {
  id: 'script-service-removed',
  level: 'breaking',
  meaning: 'The service is no longer a `[ScriptService]` (`service.scriptService`).',
  why:
    'Pages call it with JSON (`$.ajax`, the `/js` proxy): the .NET Framework refuses JSON calls to a service ' +
    'without `[ScriptService]` and answers `/js` with 500, so every such call fails.',
};

export const SCRIPT_SERVICE_ADDED: DiffRule = {
  id: 'script-service-added',
  level: 'non-breaking',
  meaning: 'The service became a `[ScriptService]`: it answers JSON calls too.',
  why: 'SOAP and HTTP GET/POST are answered as before on the same path; JSON calls are new.',
};

export const SCRIPT_METHOD_VERB_CHANGED: DiffRule = {
  id: 'script-method-verb-changed',
  level: 'breaking',
  meaning:
    "An operation's JSON calls changed verb (`scriptMethod.useHttpGet`, `[ScriptMethod(UseHttpGet)]`), either way.",
  why:
    'The .NET Framework takes a script method by its verb only: old callers using the other verb get 500 ' +
    '(`An attempt was made to call the method … using a POST request, which is not allowed.`).',
};

export const SCRIPT_RESPONSE_FORMAT_CHANGED: DiffRule = {
  id: 'script-response-format-changed',
  level: 'breaking',
  meaning:
    "An operation's JSON calls are answered in another format (`scriptMethod.responseFormat`, " +
    '`[ScriptMethod(ResponseFormat)]`: `{"d":…}` JSON or XmlSerializer XML), either way.',
  why: 'Old callers read `response.d` from JSON, or parse XML: they find no result in the other format.',
};

export const SCRIPT_XML_STRING_CHANGED: DiffRule = {
  id: 'script-xml-string-changed',
  level: 'breaking',
  meaning:
    "An operation's string result of `responseFormat: xml` is written another way (`scriptMethod.xmlSerializeString`, " +
    "`[ScriptMethod(XmlSerializeString)]`: the text itself or XmlSerializer's `<string>` document), either way.",
  why: 'Old callers take the reply as the string, or parse the `<string>` document: they read the other form wrong.',
};

export const SESSION_DISABLED: DiffRule = {
  id: 'session-disabled',
  level: 'breaking',
  meaning: 'An operation no longer takes part in the ASP.NET session (`enableSession`, `[WebMethod(EnableSession)]`).',
  why:
    'Callers rely on what the session keeps between their calls (a login, a cart, a counter): the operation no ' +
    'longer sees it, and answers as for a new caller.',
};

export const SESSION_ENABLED: DiffRule = {
  id: 'session-enabled',
  level: 'non-breaking',
  meaning: 'An operation now takes part in the ASP.NET session (`enableSession`).',
  why: 'Its reply may set the `ASP.NET_SessionId` cookie; callers that ignore cookies are answered as before.',
};

export const SCRIPT_SERVICE_RULES: readonly DiffRule[] = [
  SCRIPT_SERVICE_REMOVED,
  SCRIPT_SERVICE_ADDED,
  SCRIPT_METHOD_VERB_CHANGED,
  SCRIPT_RESPONSE_FORMAT_CHANGED,
  SCRIPT_XML_STRING_CHANGED,
  SESSION_DISABLED,
  SESSION_ENABLED,
];

/**
 * `[ScriptService]`, `[ScriptMethod]` and `EnableSession`, old to new. No WSDL carries them: only compared when
 * both sides are specs (`scriptSettings`). The script methods of an operation count only while both versions are
 * script services (else `script-service-removed`/`-added` says it).
 */
export function scriptServiceChanges(ctx: DiffContext): Change[] {
  if (ctx.options.scriptSettings === false) return [];
  const { old: a, new: b } = ctx;
  const changes: Change[] = [];
  if (a.scriptService && !b.scriptService) {
    changes.push(changeOf(SCRIPT_SERVICE_REMOVED, SERVICE_WHERE, 'no longer a [ScriptService]'));
  }
  if (!a.scriptService && b.scriptService) {
    changes.push(changeOf(SCRIPT_SERVICE_ADDED, SERVICE_WHERE, 'became a [ScriptService]'));
  }
  const both = a.scriptService && b.scriptService;
  for (const [x, y] of pairOperations(a, b).pairs) changes.push(...operationScriptChanges(x, y, both));
  return changes;
}

function operationScriptChanges(a: OperationModel, b: OperationModel, scriptService: boolean): Change[] {
  const where = operationWhere(operationLabel(a));
  const changes: Change[] = [];
  const verb = (op: OperationModel) => (op.scriptMethod.useHttpGet ? 'GET' : 'POST');
  if (scriptService && verb(a) !== verb(b)) {
    changes.push(
      changeOf(SCRIPT_METHOD_VERB_CHANGED, where, `JSON calls changed from ${verb(a)} to ${verb(b)}`, {
        old: verb(a),
        new: verb(b),
      }),
    );
  }
  const format = (op: OperationModel) => op.scriptMethod.responseFormat;
  if (scriptService && format(a) !== format(b)) {
    changes.push(
      changeOf(SCRIPT_RESPONSE_FORMAT_CHANGED, where, `JSON calls answered in ${format(b)} instead of ${format(a)}`, {
        old: format(a),
        new: format(b),
      }),
    );
  }
  // Only a string result of XML replies on both sides is written by XmlSerializeString.
  const xmlString = (op: OperationModel) =>
    op.scriptMethod.responseFormat === 'xml' && op.result?.type.kind === 'builtin' && op.result.type.name === 'string'
      ? op.scriptMethod.xmlSerializeString
      : undefined;
  if (scriptService && xmlString(a) !== undefined && xmlString(b) !== undefined && xmlString(a) !== xmlString(b)) {
    const form = (serialized: boolean | undefined) => (serialized ? 'a <string> document' : 'the text itself');
    changes.push(
      changeOf(
        SCRIPT_XML_STRING_CHANGED,
        where,
        `string result written as ${form(xmlString(b))} instead of ${form(xmlString(a))}`,
        {
          old: String(xmlString(a)),
          new: String(xmlString(b)),
        },
      ),
    );
  }
  if (a.enableSession && !b.enableSession) changes.push(changeOf(SESSION_DISABLED, where, 'session disabled'));
  if (!a.enableSession && b.enableSession) changes.push(changeOf(SESSION_ENABLED, where, 'session enabled'));
  return changes;
}
