// Bad usage or bad input: the CLI prints the one-line message and exits 2.
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'ERR_RTCONF_USAGE';
}

/** What `run` and `list cases` both say when the selection flags match no case. */
export const NO_CASE_MATCHES = 'no case matches the selection (see rtconf list cases)';
