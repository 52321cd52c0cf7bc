/**
 * A SOAP fault as a JavaScript error. A handler throws one to answer with a
 * fault of its own (`Client` for a bad request, `Server` for a failure on
 * its side); the runtime throws the other codes itself; the client throws one
 * when a service answers with a fault.
 */

/**
 * The SOAP 1.1 fault code; SOAP 1.2 writes `Client` as `Sender` and `Server`
 * as `Receiver`. Handlers use `Client` or `Server`.
 */
export type SoapFaultCode = 'Client' | 'Server' | 'VersionMismatch' | 'MustUnderstand';

/**
 * Marks every SoapFault, whichever copy of the runtime made it: a service may
 * be served by one generated copy while its handlers import another (as under
 * `asmxgen serve --impl`), where `instanceof` would not see the fault.
 */
const SOAP_FAULT_BRAND = Symbol.for('asmxgen.SoapFault');

export class SoapFault extends Error {
  override readonly name = 'SoapFault';
  readonly [SOAP_FAULT_BRAND] = true;
  readonly code: SoapFaultCode;
  /** The text content of the fault's `detail` element; the element is empty when absent. */
  readonly detail: string | undefined;

  /**
   * @param code `Client` or `Server` (the fault's `faultcode`)
   * @param message the fault's `faultstring` (SOAP 1.2: `Reason/Text`), written as is
   * @param detail text of the `detail` element (escaped when written)
   */
  constructor(code: SoapFaultCode, message: string, detail?: string) {
    super(message);
    this.code = code;
    this.detail = detail;
  }
}

export function isSoapFault(error: unknown): error is SoapFault {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[SOAP_FAULT_BRAND] === true;
}
