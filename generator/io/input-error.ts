/**
 * An input asmxgen cannot read (a missing file, a failed fetch, text that is
 * not what it should be). The message is for people: the CLI prints it as is.
 */
export class InputError extends Error {
  override name = 'InputError';
}
