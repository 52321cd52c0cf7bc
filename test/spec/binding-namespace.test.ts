/** `service.bindingNamespace` and `soapBindings[].namespace` (`[WebServiceBinding(Namespace)]`): their errors. */
import { describe, expect, test } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';

function problems(yaml: string): string[] {
  try {
    parseSpec(yaml, 'f.yaml');
    return [];
  } catch (error) {
    return (error as Error).message.split('\n');
  }
}

const OPS = 'operations:\n  - { name: Ping }\n';

describe('the namespace of a binding', () => {
  test("the model puts the binding and its operations' elements in it; SOAPAction stays the service's", async () => {
    const { buildModel } = await import('../../generator/spec/build-model.js');
    const spec = parseSpec(
      'service:\n  name: S\n  namespace: urn:s\n  binding: B\n  bindingNamespace: urn:b\n' + OPS,
      'f.yaml',
    );
    const model = buildModel(spec);
    expect(model.soapBindings.map((b) => b.namespace)).toEqual(['urn:b']);
    expect(model.operations[0]!.requestNamespace).toBe('urn:b');
    expect(model.operations[0]!.soapAction).toBe('urn:s/Ping');
  });

  test('bindingNamespace needs service.binding', () => {
    expect(problems('service:\n  name: S\n  namespace: urn:s\n  bindingNamespace: urn:b\n' + OPS).join('\n')).toContain(
      "f.yaml:4:21: service.bindingNamespace: bindingNamespace is the namespace of service.binding's [WebServiceBinding(Name, Namespace)]",
    );
  });

  test("the service's own namespace is refused: it is the default", () => {
    expect(
      problems(
        'service:\n  name: S\n  namespace: urn:s\n  soapBindings:\n    - { name: B, namespace: urn:s }\n' +
          'operations:\n  - { name: Ping, binding: B }\n',
      ).join('\n'),
    ).toContain(
      'f.yaml:5:29: service.soapBindings[0].namespace: "urn:s" is the service\'s namespace, where a binding is when it names none',
    );
  });

  test('bindings in two other namespaces are refused', () => {
    expect(
      problems(
        'service:\n  name: S\n  namespace: urn:s\n  soapBindings:\n    - { name: A, namespace: urn:a }\n' +
          '    - { name: B, namespace: urn:b }\noperations:\n  - { name: P, binding: A }\n  - { name: Q, binding: B }\n',
      ).join('\n'),
    ).toContain("f.yaml:5:5: service.soapBindings: bindings in 2 namespaces other than the service's (urn:a, urn:b)");
  });
});
