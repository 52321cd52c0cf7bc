/**
 * The contract between an impl file and the code that loads it (`asmxgen serve --impl`):
 * the file exports its handlers object under this name, typed `{Svc}Handlers`.
 *
 * ```ts
 * export const handlers: AuthenticationWebServiceHandlers = { … };
 * ```
 *
 * A named export rather than `export default`: it keeps the type annotation on the declaration
 * (where asmxgen finds the object), reads the same at the import site and in stack traces, and
 * a loader can say exactly which name is missing.
 */
export const HANDLERS_EXPORT = 'handlers';

/** The generated module's class impl stubs throw. */
export const SOAP_FAULT = 'SoapFault';
