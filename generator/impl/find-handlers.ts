/**
 * Finding the handlers object in an impl file: the object literal that is the initializer of a
 * variable typed `{Svc}Handlers`, or that `satisfies {Svc}Handlers`.
 */
import {
  createWrappedNode,
  Node,
  ts,
  type Expression,
  type ObjectLiteralExpression,
  type SourceFile,
  type TypeNode,
} from 'ts-morph';
import { HANDLERS_EXPORT } from './conventions.js';
import { ImplError, location } from './impl-error.js';

export interface HandlersObject {
  readonly literal: ObjectLiteralExpression;
  /** The statement the object is part of (its `;` shows the file's semicolon style). */
  readonly statement: Node;
  /** `gen` when the type is written `gen.{Svc}Handlers`. */
  readonly typeQualifier: string | undefined;
  /** The names the object is exported under (`handlers`, `default`, …), empty when it is not exported. */
  readonly exportedAs: readonly string[];
}

interface TypeName {
  readonly name: string;
  readonly qualifier: string | undefined;
}

/** `Foo`, `ns.Foo` or `import('…').Foo` of a type reference; `undefined` for any other type. */
function typeNameOf(type: TypeNode | undefined): TypeName | undefined {
  if (type && Node.isImportTypeNode(type)) {
    const qualifier = type.getQualifier();
    if (!qualifier) return undefined;
    const name = Node.isIdentifier(qualifier) ? qualifier.getText() : qualifier.getRight().getText();
    return { name, qualifier: undefined };
  }
  if (!type || !Node.isTypeReference(type)) return undefined;
  const typeName = type.getTypeName();
  if (Node.isIdentifier(typeName)) return { name: typeName.getText(), qualifier: undefined };
  let left: Node = typeName.getLeft();
  while (Node.isQualifiedName(left)) left = left.getLeft();
  return { name: typeName.getRight().getText(), qualifier: left.getText() };
}

/** The expression under parentheses, `as`, `satisfies`, `!` and `<T>` casts. */
function unwrap(expression: Expression | undefined): Expression | undefined {
  let e = expression;
  while (
    e &&
    (Node.isParenthesizedExpression(e) ||
      Node.isAsExpression(e) ||
      Node.isSatisfiesExpression(e) ||
      Node.isNonNullExpression(e) ||
      Node.isTypeAssertion(e))
  ) {
    e = e.getExpression();
  }
  return e;
}

/** The outermost expression that `unwrap` reduces to `node`. */
function wrapperOf(node: Node): Node {
  let n = node;
  for (let parent = n.getParent(); parent; parent = n.getParent()) {
    const wraps =
      Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isNonNullExpression(parent) ||
      Node.isTypeAssertion(parent);
    if (!wraps) break;
    n = parent;
  }
  return n;
}

function statementOf(node: Node): Node {
  let n = node;
  for (let parent = n.getParent(); parent; parent = n.getParent()) {
    if (Node.isSourceFile(parent) || Node.isBlock(parent) || Node.isModuleBlock(parent) || Node.isCaseClause(parent)) {
      break;
    }
    n = parent;
  }
  return n;
}

/** The names under which the value `literal` stands for is exported from the file. */
function exportNames(sourceFile: SourceFile, literal: ObjectLiteralExpression): string[] {
  const outer = wrapperOf(literal);
  const holder = outer.getParent();
  if (holder && Node.isExportAssignment(holder) && !holder.isExportEquals()) return ['default'];
  if (!holder || !Node.isVariableDeclaration(holder) || holder.getInitializer() !== outer) return [];
  const nameNode = holder.getNameNode();
  if (!Node.isIdentifier(nameNode)) return [];
  const local = nameNode.getText();
  const names: string[] = [];
  if (holder.getVariableStatement()?.isExported() && holder.getVariableStatement()?.getParent() === sourceFile) {
    names.push(local);
  }
  for (const declaration of sourceFile.getExportDeclarations()) {
    if (declaration.getModuleSpecifier()) continue;
    for (const specifier of declaration.getNamedExports()) {
      if (specifier.getName() === local) names.push(specifier.getAliasNode()?.getText() ?? local);
    }
  }
  for (const assignment of sourceFile.getExportAssignments()) {
    const expression = assignment.getExpression();
    if (!assignment.isExportEquals() && Node.isIdentifier(expression) && expression.getText() === local) {
      names.push('default');
    }
  }
  return names;
}

/**
 * The one handlers object typed `interfaceName`. Throws an ImplError when there is none,
 * more than one, or the variable typed so is not initialized with an object literal.
 */
export function findHandlersObject(sourceFile: SourceFile, interfaceName: string, fileName: string): HandlersObject {
  const text = sourceFile.getFullText();
  const found = new Map<ObjectLiteralExpression, TypeName>();
  const notLiteral: Node[] = [];
  const otherServices: { node: Node; name: string }[] = [];
  const untyped: Node[] = [];

  const consider = (typeNode: TypeNode | undefined, value: Expression | undefined, at: Node) => {
    const type = typeNameOf(typeNode);
    if (!type) return;
    const object = unwrap(value);
    if (type.name === interfaceName) {
      if (object && Node.isObjectLiteralExpression(object)) {
        if (!found.has(object)) found.set(object, type);
      } else {
        notLiteral.push(at);
      }
    } else if (type.name.endsWith('Handlers') && object && Node.isObjectLiteralExpression(object)) {
      otherServices.push({ node: at, name: type.name });
    }
  };
  sourceFile.forEachDescendant((node) => {
    if (Node.isVariableDeclaration(node)) {
      // In JavaScript the type is a JSDoc `@type {…}` on the declaration.
      const jsDocType = ts.getJSDocType(node.compilerNode);
      const typeNode =
        node.getTypeNode() ??
        (jsDocType && (createWrappedNode<ts.TypeNode>(jsDocType, { sourceFile: sourceFile.compilerNode }) as TypeNode));
      consider(typeNode, node.getInitializer(), node);
      const value = node.getInitializer();
      if (!typeNode && node.getName() === HANDLERS_EXPORT && value && Node.isObjectLiteralExpression(value)) {
        untyped.push(node);
      }
    } else if (Node.isSatisfiesExpression(node)) consider(node.getTypeNode(), node.getExpression(), node);
  });

  const where = (node: Node) => location(fileName, text, node.getStart());
  const shape =
    `\`export const ${HANDLERS_EXPORT}: ${interfaceName} = { … };\` ` +
    `(or \`export const ${HANDLERS_EXPORT} = { … } satisfies ${interfaceName};\`)`;
  if (found.size > 1) {
    const places = [...found.keys()].map(where).join(', ');
    throw new ImplError(
      'ambiguous',
      fileName,
      `${fileName} has ${found.size} objects typed ${interfaceName} (${places}), so asmxgen cannot tell which ` +
        'one to add stubs to; it left the file untouched and wrote nothing. Keep one handlers object.',
    );
  }
  const [entry] = found;
  if (!entry) {
    if (notLiteral.length > 0) {
      throw new ImplError(
        'not-object-literal',
        fileName,
        `${where(notLiteral[0]!)}: the value typed ${interfaceName} is not an object literal, so asmxgen cannot add ` +
          `stubs to it; it left the file untouched and wrote nothing. Write the handlers as ${shape}.`,
      );
    }
    const other = otherServices[0];
    const bare = untyped[0];
    let hint =
      ' Add one (its methods can call functions declared anywhere), or move the file away to have asmxgen create it.';
    if (other) {
      hint =
        ` The object at ${where(other.node)} is typed ${other.name}: ` +
        `if the service was renamed, type it ${interfaceName}.`;
    } else if (bare) {
      hint =
        ` The object \`${HANDLERS_EXPORT}\` at ${where(bare)} has no type: ` +
        `write \`${HANDLERS_EXPORT}: ${interfaceName}\`.`;
    }
    throw new ImplError(
      'no-handlers',
      fileName,
      `${fileName} has no handlers object, so asmxgen left it untouched and wrote nothing. ` +
        `asmxgen adds stubs to the object literal typed ${interfaceName}: ${shape}.${hint}`,
    );
  }
  const [literal, type] = entry;
  return {
    literal,
    statement: statementOf(literal),
    typeQualifier: type.qualifier,
    exportedAs: exportNames(sourceFile, literal),
  };
}
