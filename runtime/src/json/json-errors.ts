/** A value the reader cannot convert to the declared type (ObjectConverter's InvalidOperationException). */
export class JsonValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonValueError';
  }
}
