import { readWsdl, WsdlError, type WsdlReading } from '../wsdl-reader/read-wsdl.js';
import { DiffError } from './diff-error.js';

/**
 * Reads WSDL text into a spec and the ports' addresses. A WSDL the reader cannot represent (its `WsdlError`,
 * `file:line:column: reason`) is a {@link DiffError} saying which side it is.
 */
export function readWsdlText(text: string, file: string, role: 'old' | 'new'): WsdlReading {
  try {
    return readWsdl(text, file);
  } catch (error) {
    if (!(error instanceof WsdlError)) throw error;
    throw new DiffError(`cannot read the ${role} WSDL: ${error.message}`, { cause: error });
  }
}
