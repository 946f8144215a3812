// Ctrl-C and SIGTERM for the long-running verbs (run, mutate, bisect): the first asks the verb to stop and write what
// it has, a second quits at once where the verb allows it. Exit code 130, as a shell reports a command ended by SIGINT.

/** The exit code of a verb that was interrupted (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

export interface InterruptHandle {
  /** Aborted at the first interrupt. */
  readonly signal: AbortSignal;
  /** Stops listening; call it in a `finally`. */
  dispose(): void;
}

/**
 * Listens for SIGINT and SIGTERM until disposed.
 * @param notice what the first interrupt prints to stderr (after "rtconf: interrupted; ")
 * @param options `secondQuits`: a second interrupt exits at once (the output folder's lock has an exit hook of its own)
 * @example
 * const interrupt = onInterrupt('writing the results so far', { secondQuits: true });
 * try {
 *   await work(interrupt.signal);
 * } finally {
 *   interrupt.dispose();
 * }
 */
export function onInterrupt(notice: string, options: { readonly secondQuits?: boolean } = {}): InterruptHandle {
  const controller = new AbortController();
  let interrupts = 0;
  const handler = (): void => {
    interrupts++;
    if (interrupts > 1) {
      if (options.secondQuits) process.exit(EXIT_INTERRUPTED);
      return;
    }
    process.stderr.write(`\nrtconf: interrupted; ${notice}${options.secondQuits ? ' (Ctrl-C again to quit at once)' : ''}\n`);
    controller.abort(new Error('interrupted'));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
