import { readWsdl, WsdlError, type WsdlReading } from '../wsdl-reader/read-wsdl.js';
import { DiffError } from './diff-error.js';
import type { WsdlDocuments } from '../wsdl-reader/read-documents.js';

/**
 * Reads WSDL text into a spec and the ports' addresses. A WSDL the reader cannot represent (its `WsdlError`,
 * `file:line:column: reason`) is a {@link DiffError} saying which side it is.
 */
export function readWsdlText(text: string, file: string, role: 'old' | 'new', documents?: WsdlDocuments): WsdlReading {
  try {
    // A side is read for what it says: a copy edited by hand need not be laid out as the runtime writes it.
    return readWsdl(text, file, { exact: false, ...(documents && { documents }) });
  } catch (error) {
    if (!(error instanceof WsdlError)) throw error;
    throw new DiffError(`cannot read the ${role} WSDL: ${error.message}`, { cause: error });
  }
}
