import { isXmlName } from '../model/naming.js';
import { isValueType, isXsdType, XSD_TYPE_NAMES, type XsdType } from '../model/xsd-types.js';
import type { SpecParameter } from '../spec/spec-types.js';
import type { WsdlDocument } from './wsdl-document.js';
import { XSD_NS } from './wsdl-namespaces.js';
import { RESERVED_NAMES } from './wsdl-names.js';
import { isElement, resolveQName, type XmlNode } from './xml-tree.js';

/**
 * The XML Schema of a WSDL, read the way ASMX writes it: each operation's request and response are global
 * elements whose anonymous complex type is a sequence of elements of XSD simple types. Anything else a
 * schema can say (complex, array, enum and nullable types, `s:any`, imports) is refused at the construct.
 */
export class SchemaReader {
  private readonly elements = new Map<string, XmlNode>();
  private readonly complexTypes = new Map<string, XmlNode>();
  private readonly simpleTypes = new Map<string, XmlNode>();
  private readonly schemaOf = new Map<XmlNode, XmlNode>();
  private readonly used = new Set<XmlNode>();

  constructor(private readonly doc: WsdlDocument) {
    for (const schema of doc.schemas) {
      const namespace = schema.attributes.get('targetNamespace') ?? '';
      for (const child of schema.elements) {
        const name = child.attributes.get('name');
        if (child.namespace !== XSD_NS || name === undefined) continue;
        const index =
          child.localName === 'element'
            ? this.elements
            : child.localName === 'complexType'
              ? this.complexTypes
              : child.localName === 'simpleType'
                ? this.simpleTypes
                : undefined;
        const key = keyOf(namespace, name);
        if (index && !index.has(key)) index.set(key, child);
        this.schemaOf.set(child, schema);
      }
    }
  }

  /** The parameters of operation `op`, from its request element; `ref` is where the WSDL names the element. */
  request(op: string, ref: XmlNode): SpecParameter[] {
    const element = this.global(op, ref, `the request element of operation "${op}"`);
    const seen = new Map<string, XmlNode>();
    return this.fields(element, `the request element "${op}"`).map((field) => {
      const name = this.doc.attribute(field, 'name');
      const what = `parameter "${name}" of operation "${op}"`;
      const first = seen.get(name);
      if (first) {
        throw this.doc.failAt(
          field,
          'name',
          `a second parameter "${name}" of operation "${op}" (the first is at line ${this.doc.line(first)}): ` +
            'not a valid WSDL',
        );
      }
      seen.set(name, field);
      if (!isXmlName(name) || RESERVED_NAMES.has(name)) {
        throw this.doc.failAt(
          field,
          'name',
          `the name of ${what} is not one asmxgen can use (an XML name of letters, digits, "_", "-" and "." that is ` +
            `not ${[...RESERVED_NAMES].join(', ')}); rename the parameter and import again`,
        );
      }
      return { name, type: this.fieldType(field, what) };
    });
  }

  /** The result type of operation `op`, from its response element; `undefined` for a void operation. */
  response(op: string, ref: XmlNode): XsdType | undefined {
    const elementName = `${op}Response`;
    const element = this.global(elementName, ref, `the response element of operation "${op}"`);
    const fields = this.fields(element, `the response element "${elementName}"`);
    const field = fields[0];
    if (!field) return undefined;
    if (fields[1]) {
      const names = fields.map((f) => `"${f.attributes.get('name') ?? '?'}"`).join(', ');
      throw this.doc.fail(
        fields[1],
        `the response element "${elementName}" holds several elements (${names}): out or ref parameters, which ` +
          'asmxgen cannot represent (an operation returns one value); return a single value and import again',
      );
    }
    const name = this.doc.attribute(field, 'name');
    if (name !== `${op}Result`) {
      throw this.doc.failAt(
        field,
        'name',
        `the result element of operation "${op}" is "${name}", not "${op}Result" (a [return: XmlElement] rename or ` +
          'an out parameter): asmxgen names it {Operation}Result, as ASMX does by default; remove the rename and ' +
          'import again',
      );
    }
    return this.fieldType(field, `the result of operation "${op}"`);
  }

  /**
   * Refuses what no operation uses but the schema still declares: named complex and simple types, imports,
   * elements of such types. The HTTP bindings' result elements (`<s:element name="int" type="s:int" />`) pass.
   */
  checkUnused(): void {
    for (const schema of this.doc.schemas) {
      for (const child of schema.elements) {
        if (child.namespace !== XSD_NS || this.used.has(child)) continue;
        const name = child.attributes.get('name');
        switch (child.localName) {
          case 'import':
          case 'include':
          case 'redefine':
            throw this.doc.fail(
              child,
              `an <${child.qualifiedName}> of another schema: ASMX writes one only for types of other namespaces, ` +
                'which are complex types; asmxgen represents XSD simple types only and reads one self-contained ' +
                'WSDL; change the service to take and return simple types and import again',
            );
          case 'complexType':
            throw this.doc.failAt(
              child,
              'name',
              `the named complex type "${name}": asmxgen represents parameters and results of XSD simple types ` +
                'only; change the service so that no operation takes or returns it (e.g. pass it as a JSON ' +
                'string) and import again',
            );
          case 'simpleType':
            throw this.doc.failAt(child, 'name', restrictedType(`the type "${name}"`));
          case 'element':
            if (child.attributes.has('type')) this.simpleType(child, `the element "${name}"`);
            break;
        }
      }
    }
  }

  private global(name: string, ref: XmlNode, what: string): XmlNode {
    const element = this.elements.get(keyOf(this.doc.targetNamespace, name));
    if (!element) {
      throw this.doc.fail(
        ref,
        `${what}, "${name}" in namespace ${this.doc.targetNamespace}, is not declared in wsdl:types: not a ` +
          'WSDL of an ASMX service',
      );
    }
    this.used.add(element);
    const schema = this.schemaOf.get(element)!;
    const form = schema.attributes.get('elementFormDefault');
    if (form !== 'qualified') {
      throw this.doc.failAt(
        schema,
        'elementFormDefault',
        `the schema declaring "${name}" has elementFormDefault="${form ?? 'unqualified'}": asmxgen's parameters ` +
          'and results are qualified elements, as ASMX writes them; make the schema qualified and import again',
      );
    }
    return element;
  }

  /** The elements of the sequence a wrapper element's anonymous complex type holds. */
  private fields(element: XmlNode, what: string): XmlNode[] {
    const notSequence = (at: XmlNode, detail: string) =>
      this.doc.fail(
        at,
        `${what} is not a sequence of simple elements (${detail}): asmxgen represents an operation's parameters ` +
          'and result as a sequence of elements of XSD simple types, as ASMX writes them; change the web method ' +
          'to take and return simple types and import again',
      );
    if (element.attributes.has('type')) {
      throw notSequence(element, `it has type="${element.attributes.get('type')}", as a bare parameter style makes it`);
    }
    const content = significant(element);
    const complexType = content[0];
    if (!complexType || content[1] || !isElement(complexType, XSD_NS, 'complexType')) {
      throw notSequence(content[1] ?? complexType ?? element, 'it has no anonymous complex type of its own');
    }
    const particles = significant(complexType);
    const sequence = particles[0];
    if (!sequence) return [];
    if (particles[1] || !isElement(sequence, XSD_NS, 'sequence')) {
      const other = particles[1] && isElement(sequence, XSD_NS, 'sequence') ? particles[1] : sequence;
      throw notSequence(other, `it holds <${other.qualifiedName}>`);
    }
    const fields = significant(sequence);
    for (const field of fields) {
      if (!isElement(field, XSD_NS, 'element') || field.attributes.has('ref')) {
        throw notSequence(field, `it holds <${field.qualifiedName}${field.attributes.has('ref') ? ' ref="…"' : ''}>`);
      }
    }
    return fields;
  }

  private fieldType(field: XmlNode, what: string): XsdType {
    if (!field.attributes.has('type')) {
      const inline = significant(field)[0];
      if (inline && isElement(inline, XSD_NS, 'simpleType')) throw this.doc.fail(inline, restrictedType(what));
      throw this.doc.fail(
        inline ?? field,
        `${what} has ${inline ? 'an anonymous complex type' : 'no type'}: asmxgen represents parameters and ` +
          'results of XSD simple types only; change the web method to use simple types and import again',
      );
    }
    const type = this.simpleType(field, what);
    const maxOccurs = field.attributes.get('maxOccurs') ?? '1';
    if (maxOccurs !== '1') {
      throw this.doc.failAt(
        field,
        'maxOccurs',
        `${what} is an array (maxOccurs="${maxOccurs}"): asmxgen represents single values only; take the values ` +
          'as one string (e.g. JSON) and import again',
      );
    }
    if (field.attributes.get('nillable') === 'true') {
      throw this.doc.failAt(
        field,
        'nillable',
        `${what} is nillable (a Nullable<…> value or [XmlElement(IsNullable = true)]): asmxgen cannot represent ` +
          `nil; make it a plain ${type} and import again`,
      );
    }
    const minOccurs = field.attributes.get('minOccurs') ?? '1';
    const expected = isValueType(type) ? '1' : '0';
    if (minOccurs !== expected) {
      throw this.doc.failAt(
        field,
        'minOccurs',
        `${what} has minOccurs="${minOccurs}", but ASMX writes minOccurs="${expected}" for every ${type} ` +
          `(${isValueType(type) ? 'a value type is always sent' : 'a reference type may be left out'}): asmxgen ` +
          `derives minOccurs from the type and cannot represent another; make it a plain ${type} and import again`,
      );
    }
    return type;
  }

  /** The XSD simple type the `type` attribute of `node` names; refuses every other type, saying what it is. */
  private simpleType(node: XmlNode, what: string): XsdType {
    const value = node.attributes.get('type')!;
    const qname = resolveQName(node, value);
    if (qname === undefined) {
      throw this.doc.failAt(
        node,
        'type',
        `type="${value}" uses a namespace prefix that is not declared: not a valid WSDL`,
      );
    }
    if (qname.namespace === XSD_NS) {
      if (isXsdType(qname.localName)) return qname.localName;
      throw this.doc.failAt(
        node,
        'type',
        `${what} has type ${value}, an XSD type asmxgen does not support (it supports ${XSD_TYPE_NAMES.join(', ')}); ` +
          'change the web method to use one of them and import again',
      );
    }
    const key = keyOf(qname.namespace, qname.localName);
    const complexType = this.complexTypes.get(key);
    if (complexType) {
      const item = arrayItem(complexType);
      throw this.doc.failAt(
        node,
        'type',
        item === undefined
          ? `${what} has the complex type ${value} (declared at line ${this.doc.line(complexType)}): asmxgen ` +
              'represents parameters and results of XSD simple types only; pass the object as a string (e.g. JSON) ' +
              'or as simple parameters and import again'
          : `${what} is an array (${value}, declared at line ${this.doc.line(complexType)}, repeats ${item} with ` +
              'maxOccurs="unbounded"): asmxgen represents single values only; take the values as one string ' +
              '(e.g. JSON) and import again',
      );
    }
    const simpleType = this.simpleTypes.get(key);
    if (simpleType) {
      throw this.doc.failAt(
        node,
        'type',
        restrictedType(`${what} (${value}, declared at line ${this.doc.line(simpleType)})`),
      );
    }
    throw this.doc.failAt(
      node,
      'type',
      `${what} has type ${value} (namespace ${qname.namespace || '(none)'}), which is not an XSD simple type: ` +
        `asmxgen supports ${XSD_TYPE_NAMES.join(', ')}; change the web method to use one of them and import again`,
    );
  }
}

function restrictedType(what: string): string {
  return (
    `${what} is a restricted simple type (an enum, a Guid, a char): asmxgen represents the XSD simple types ` +
    'themselves only; take the value as a string and import again'
  );
}

/** The item type of a complex type that is an array (`ArrayOfInt`): one element that repeats. */
function arrayItem(complexType: XmlNode): string | undefined {
  const sequence = significant(complexType)[0];
  if (!sequence || !isElement(sequence, XSD_NS, 'sequence')) return undefined;
  const items = significant(sequence);
  const item = items[0];
  if (items.length !== 1 || !item || (item.attributes.get('maxOccurs') ?? '1') === '1') return undefined;
  return item.attributes.get('type') ?? item.attributes.get('name') ?? 'an element';
}

/** Child elements other than `xs:annotation`. */
function significant(node: XmlNode): XmlNode[] {
  return node.elements.filter((e) => !isElement(e, XSD_NS, 'annotation'));
}

function keyOf(namespace: string, name: string): string {
  return `${namespace}\u0000${name}`;
}
