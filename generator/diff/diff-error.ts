import { InputError } from '../io/input-error.js';

/**
 * An input `diff` cannot read (a missing file, a failed fetch, an invalid spec, a WSDL it cannot represent); the
 * message is for people.
 */
export class DiffError extends InputError {
  override name = 'DiffError';
}
