// `execFile`: run an executable (no shell unless asked), buffer its stdout and stderr up to `maxBuffer`, and report
// the outcome once to a completion callback. Built on our `spawn`.
import { Buffer } from 'node:buffer';
import type { ChildProcess } from 'node:child_process';
import { getSystemErrorName } from 'node:util';
import { maxBufferExceeded } from './errors.js';
import { normalizeExecFileArgs } from './normalize-exec-file-args.js';
import { OutputCollector } from './output-collector.js';
import { promisifiedExec, withPromisified } from './promisified-exec.js';
import { spawn } from './spawn.js';
import { normalizeKillSignal } from './to-signal.js';
import { validateMaxBuffer, validateTimeout } from './validate.js';

/** Default `maxBuffer`: 1 MiB per stream. */
export const DEFAULT_MAX_BUFFER = 1024 * 1024;

/** Fields of the error passed when the child failed on its own (non-zero exit or a signal). */
export interface ExecError extends Error {
  code?: number | string | null;
  killed?: boolean;
  signal?: NodeJS.Signals | null;
  cmd?: string;
}

/** The text encoding of captured output, or `null` for Buffers (`'buffer'` or a name that is not an encoding). */
function textEncodingOf(encoding: unknown): BufferEncoding | null {
  if (encoding === 'buffer' || typeof encoding !== 'string' || !Buffer.isEncoding(encoding)) return null;
  return encoding;
}

function execFileWithCallback(file: unknown, args?: unknown, options?: unknown, callback?: unknown): ChildProcess {
  const call = normalizeExecFileArgs(file, args, options, callback);
  const settings: Readonly<Record<string, unknown>> = {
    encoding: 'utf8',
    timeout: 0,
    maxBuffer: DEFAULT_MAX_BUFFER,
    killSignal: 'SIGTERM',
    cwd: null,
    env: null,
    shell: false,
    ...call.options,
  };
  const timeout = settings['timeout'];
  validateTimeout(timeout);
  const maxBuffer = settings['maxBuffer'];
  validateMaxBuffer(maxBuffer);
  const killSignal = normalizeKillSignal(settings['killSignal']);

  const child = spawn(call.file, call.args, {
    cwd: settings['cwd'],
    env: settings['env'],
    gid: settings['gid'],
    shell: settings['shell'],
    signal: settings['signal'],
    uid: settings['uid'],
    windowsHide: Boolean(settings['windowsHide']),
    windowsVerbatimArguments: Boolean(settings['windowsVerbatimArguments']),
  });
  // spawn validated these: file is a string and args an array of strings.
  const command = [call.file as string, ...(call.args as string[])].join(' ');

  const encoding = textEncodingOf(settings['encoding']);
  const limit = maxBuffer ?? DEFAULT_MAX_BUFFER;
  let failure: Error | null = null;
  let killedByUs = false;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;

  const kill = (): void => {
    // Stop reading first: nothing more will be kept, and an unread pipe must not keep us waiting.
    child.stdout?.destroy();
    child.stderr?.destroy();
    killedByUs = true;
    try {
      child.kill(killSignal);
    } catch (error) {
      failure = error as Error;
      finish(null, null);
    }
  };
  const overflow = (stream: 'stdout' | 'stderr') => (): void => {
    failure = maxBufferExceeded(stream);
    kill();
  };
  const stdout = child.stdout ? new OutputCollector(child.stdout, limit, encoding, overflow('stdout')) : undefined;
  const stderr = child.stderr ? new OutputCollector(child.stderr, limit, encoding, overflow('stderr')) : undefined;
  const empty = (): string | Buffer => (encoding ? '' : Buffer.alloc(0));

  function finish(code: number | null, signal: NodeJS.Signals | null): void {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!call.callback) return;
    const out = stdout?.result() ?? empty();
    const err = stderr?.result() ?? empty();
    if (!failure && code === 0 && signal === null) {
      call.callback(null, out, err);
      return;
    }
    const reported: ExecError =
      failure ??
      Object.assign(new Error(`Command failed: ${command}\n${String(err)}`), {
        code: code !== null && code < 0 ? getSystemErrorName(code) : code,
        killed: child.killed || killedByUs,
        signal,
      });
    reported.cmd = command;
    call.callback(reported, out, err);
  }

  if (timeout != null && timeout > 0) {
    timer = setTimeout(() => {
      timer = undefined;
      kill();
    }, timeout);
  }
  child.addListener('close', (code: number | null, signal: NodeJS.Signals | null) => finish(code, signal));
  child.addListener('error', (error: Error) => {
    failure = error;
    child.stdout?.destroy();
    child.stderr?.destroy();
    finish(null, null);
  });
  return child;
}

/**
 * Runs `file` with `args` and calls `callback(error, stdout, stderr)` when it ends. `error` is null on exit code 0;
 * otherwise it carries `code` (the exit code), `signal`, `killed` and `cmd`, or is the AbortError / maxBuffer
 * RangeError / spawn error that ended the run.
 *
 * @param file Name (looked up in PATH) or path of the executable.
 * @param args Arguments (optional).
 * @param options cwd, env, encoding ('utf8'), timeout (0), maxBuffer (1 MiB), killSignal ('SIGTERM'), uid, gid,
 *   shell (false), signal, windowsHide, windowsVerbatimArguments.
 * @param callback Completion callback (optional).
 * @returns The ChildProcess.
 * @example
 * ```ts
 * execFile('node', ['--version'], (error, stdout) => console.log(stdout));
 * ```
 */
export const execFile = withPromisified(execFileWithCallback, promisifiedExec(execFileWithCallback));
