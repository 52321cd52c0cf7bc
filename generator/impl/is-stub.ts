import { Node, type ObjectLiteralElementLike } from 'ts-morph';
import { stubMessage } from './render-stub.js';

/**
 * Whether a handler is still the stub `generate` wrote: a function whose body, comments aside, is only
 * `throw new SoapFault('Server', '{Op} is not implemented yet.')` (whatever the quotes, the `SoapFault`
 * reference or the semicolon). A handler that does anything else before or instead of it is implemented.
 */
export function isStub(member: ObjectLiteralElementLike, operationName: string): boolean {
  const fn = Node.isPropertyAssignment(member) ? member.getInitializer() : member;
  if (!fn || !(Node.isMethodDeclaration(fn) || Node.isFunctionExpression(fn) || Node.isArrowFunction(fn))) {
    return false;
  }
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return false;
  const statements = body.getStatements();
  if (statements.length !== 1) return false;
  const statement = statements[0]!;
  if (!Node.isThrowStatement(statement)) return false;
  const thrown = statement.getExpression();
  if (!Node.isNewExpression(thrown)) return false;
  const message = thrown.getArguments()[1];
  return (
    message !== undefined &&
    (Node.isStringLiteral(message) || Node.isNoSubstitutionTemplateLiteral(message)) &&
    message.getLiteralText() === stubMessage(operationName)
  );
}
