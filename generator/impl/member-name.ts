import { Node, type ObjectLiteralElementLike } from 'ts-morph';

/**
 * The property name a member of an object literal defines: methods, `get`/`set` accessors,
 * `Op: fn` and `'Op': fn` properties, shorthand `Op`, and `['Op']`; `undefined` for a spread
 * (`...base`) or a computed name asmxgen cannot read.
 */
export function memberName(member: ObjectLiteralElementLike): string | undefined {
  if (Node.isShorthandPropertyAssignment(member)) return member.getName();
  if (Node.isSpreadAssignment(member)) return undefined;
  const name = member.getNameNode();
  if (Node.isIdentifier(name)) return name.getText();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return name.getLiteralText();
  if (Node.isNumericLiteral(name)) return String(name.getLiteralValue());
  if (Node.isComputedPropertyName(name)) {
    const expression = name.getExpression();
    if (Node.isStringLiteral(expression) || Node.isNoSubstitutionTemplateLiteral(expression)) {
      return expression.getLiteralText();
    }
  }
  return undefined;
}
