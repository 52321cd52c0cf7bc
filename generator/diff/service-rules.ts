import { soapActionFor } from '../model/naming.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { describeTextChange } from './describe-values.js';
import { SERVICE_WHERE } from './where.js';

export const SERVICE_RENAMED: DiffRule = {
  id: 'service-renamed',
  level: 'breaking',
  meaning: 'The service name changed.',
  why:
    "No SOAP message carries it, but it names the WSDL's service, ports, port types and bindings: clients that " +
    'bind by name (zeep `client.bind(service, port)`, node-soap `client[service][port]`) stop finding them, and ' +
    'proxies regenerated from the new WSDL (wsdl.exe classes, `create{Svc}Client`) change names.',
};

export const NAMESPACE_CHANGED: DiffRule = {
  id: 'namespace-changed',
  level: 'breaking',
  meaning: 'The target namespace changed.',
  why:
    'Every request and response element is qualified by it: old requests are no longer recognized (SOAP 1.2 routes ' +
    'on the body element), old clients no longer find the response. SOAPActions that only followed the namespace ' +
    '(`namespace/Operation`) are not reported again per operation.',
};

export const ENDPOINT_PATH_CHANGED: DiffRule = {
  id: 'endpoint-path-changed',
  level: 'breaking',
  meaning: 'The endpoint path (`/Svc.asmx`) changed.',
  why: 'Callers post to the old URL and get a 404.',
};

export const SERVICE_DESCRIPTION_CHANGED: DiffRule = {
  id: 'service-description-changed',
  level: 'info',
  meaning: "The service's `wsdl:documentation` was added, removed or changed.",
  why: 'Documentation only: no message on the wire changes.',
};

export const BINDING_NAME_CHANGED: DiffRule = {
  id: 'binding-name-changed',
  level: 'breaking',
  meaning:
    'The SOAP binding name (`service.binding`, `[WebServiceBinding(Name)]`; `{Svc}Soap` when not given) changed ' +
    '(not reported when both are the default and only the service name changed: `service-renamed` says it).',
  why:
    "No SOAP message carries it, but it names the WSDL's SOAP port type, bindings and ports: clients that bind by " +
    'name (zeep `client.bind(service, port)`, node-soap `client[service][port]`) stop finding them, and proxies ' +
    'regenerated from the new WSDL (wsdl.exe names the proxy class after the binding) change names.',
};

export const ROUTING_BY_ELEMENT_ENDED: DiffRule = {
  id: 'routing-by-element-ended',
  level: 'breaking',
  meaning:
    'SOAP 1.1 requests are routed by SOAPAction again, no longer by their request element (`service.routingStyle`, ' +
    '`[SoapDocumentService(RoutingStyle)]`).',
  why:
    'Callers that send a SOAPAction the service does not know (another, or the empty one several operations ' +
    'shared) were answered by their request element; now they get a Client fault.',
};

export const ROUTING_BY_ELEMENT_STARTED: DiffRule = {
  id: 'routing-by-element-started',
  level: 'non-breaking',
  meaning:
    'SOAP 1.1 requests are routed by their request element, no longer by SOAPAction (`service.routingStyle: ' +
    'requestElement`).',
  why:
    'Every request a caller sent with the SOAPAction the WSDL gave is routed to the same operation by its ' +
    'element; callers must still send a SOAPAction header, whatever its value.',
};

export const SERVICE_RULES: readonly DiffRule[] = [
  SERVICE_RENAMED,
  NAMESPACE_CHANGED,
  ENDPOINT_PATH_CHANGED,
  BINDING_NAME_CHANGED,
  SERVICE_DESCRIPTION_CHANGED,
  ROUTING_BY_ELEMENT_ENDED,
  ROUTING_BY_ELEMENT_STARTED,
];

/** Changes of the service itself: its name, namespace, endpoint path and description. */
export function serviceChanges(ctx: DiffContext): Change[] {
  const { old: a, new: b } = ctx;
  const changes: Change[] = [];
  if (a.name !== b.name) {
    changes.push(
      changeOf(SERVICE_RENAMED, SERVICE_WHERE, `renamed from ${a.name} to ${b.name}`, { old: a.name, new: b.name }),
    );
  }
  if (a.namespace !== b.namespace) {
    changes.push(
      changeOf(NAMESPACE_CHANGED, SERVICE_WHERE, `namespace changed from ${a.namespace} to ${b.namespace}`, {
        old: a.namespace,
        new: b.namespace,
      }),
    );
  }
  if (a.path !== b.path) {
    changes.push(
      changeOf(ENDPOINT_PATH_CHANGED, SERVICE_WHERE, `endpoint path changed from ${a.path} to ${b.path}`, {
        old: a.path,
        new: b.path,
      }),
    );
  }
  const before = a.wsdlNames.soapPortType;
  const after = b.wsdlNames.soapPortType;
  if (before !== after && !(before === `${a.name}Soap` && after === `${b.name}Soap`)) {
    changes.push(
      changeOf(BINDING_NAME_CHANGED, SERVICE_WHERE, `SOAP binding name changed from ${before} to ${after}`, {
        old: before,
        new: after,
      }),
    );
  }
  if (a.routingByElement !== b.routingByElement && (a.enabled.soap11 || b.enabled.soap11)) {
    const [rule, message] = a.routingByElement
      ? [ROUTING_BY_ELEMENT_ENDED, 'SOAP 1.1 requests are routed by SOAPAction, no longer by their request element']
      : [ROUTING_BY_ELEMENT_STARTED, 'SOAP 1.1 requests are routed by their request element, no longer by SOAPAction'];
    const style = (byElement: boolean) => (byElement ? 'requestElement' : 'soapAction');
    changes.push(
      changeOf(rule, SERVICE_WHERE, message, { old: style(a.routingByElement), new: style(b.routingByElement) }),
    );
  }
  if (a.description !== b.description) {
    changes.push(
      changeOf(
        SERVICE_DESCRIPTION_CHANGED,
        SERVICE_WHERE,
        describeTextChange('description', a.description, b.description),
        {
          old: a.description,
          new: b.description,
        },
      ),
    );
  }
  return changes;
}

/**
 * Whether a SOAPAction change of `operation` is only the namespace's: both actions are the default
 * `namespace/Operation` of their side, so `namespace-changed` already says it.
 */
export function followsNamespace(ctx: DiffContext, operation: string, before: string, after: string): boolean {
  return (
    ctx.old.namespace !== ctx.new.namespace &&
    before === soapActionFor(ctx.old.namespace, operation) &&
    after === soapActionFor(ctx.new.namespace, operation)
  );
}
