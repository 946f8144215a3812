// The error a child_process function reports when its AbortSignal fires: name `AbortError`, code `ABORT_ERR`, the
// signal's reason as `cause` — the same shape as the host runtime's, so `error.name === 'AbortError'` checks work.

/**
 * Reports that an operation was cancelled through an AbortSignal.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * controller.abort('stop');
 * const error = new AbortError(undefined, { cause: controller.signal.reason }); // error.cause === 'stop'
 * ```
 */
export class AbortError extends Error {
  readonly code = 'ABORT_ERR';

  /**
   * @param message Defaults to "The operation was aborted".
   * @param options `cause`: the signal's reason.
   */
  constructor(message = 'The operation was aborted', options?: ErrorOptions) {
    super(message, options);
    this.name = 'AbortError';
  }
}
