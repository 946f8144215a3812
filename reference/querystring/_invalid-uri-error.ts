// The error `escape` throws for a string that ends in an unpaired surrogate, shaped like the host's: a URIError with
// an own enumerable `code` of ERR_INVALID_URI, the message `URI malformed`, and `toString()` naming the code.

/** A `URIError` carrying a machine-readable `code`, as the host's internal errors do. */
export class InvalidUriError extends URIError {
  readonly code = 'ERR_INVALID_URI';

  constructor() {
    super('URI malformed');
    // The name stays `URIError` (inherited) so `instanceof URIError` and `err.name` both answer like the host.
  }

  override toString(): string {
    return `${this.name} [${this.code}]: ${this.message}`;
  }
}
