// Bad usage or bad input: the CLI prints the one-line message and exits 2.
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'ERR_RTCONF_USAGE';
}
