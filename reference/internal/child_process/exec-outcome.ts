// How the exec family turns a child's run into its result: exec/execFile buffer stdout and stderr up to `maxBuffer`,
// enforce `timeout`, and report once to the completion callback; execSync/execFileSync throw a "Command failed" error.
import { Buffer } from 'node:buffer';
import type { ChildProcess, SpawnSyncReturns } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { getSystemErrorName } from 'node:util';
import { maxBufferExceeded } from '../errors.js';
import type { ExecCallback } from './exec-arguments.js';

/**
 * Default `maxBuffer`: 1 MiB per stream.
 * @rules child_process.exec.max-buffer-default, child_process.exec-file.max-buffer-default
 */
export const DEFAULT_MAX_BUFFER = 1024 * 1024;

/** Fields of the error passed when the child failed on its own (non-zero exit or a signal). */
export interface ExecError extends Error {
  code?: number | string | null;
  killed?: boolean;
  signal?: NodeJS.Signals | null;
  cmd?: string;
}

/** What a spawnSync call returns, with output as text or bytes. */
export type SpawnSyncResult = SpawnSyncReturns<string | Buffer>;

/** The settled options of one execFile run, as `superviseExec` needs them. */
export interface ExecRun {
  /** The command as shown in error messages and `error.cmd`: file and arguments joined by spaces. */
  readonly command: string;
  /** Text encoding of the captured output, or `null` for Buffers. */
  readonly encoding: BufferEncoding | null;
  /** Largest number of bytes kept per stream (`Infinity`: no limit). */
  readonly maxBuffer: number;
  /** Sent on timeout and on overflow (`undefined`: SIGTERM). */
  readonly killSignal: number | undefined;
  /** Milliseconds before the child is killed; `0`, `null` or `undefined` for none. */
  readonly timeout: number | null | undefined;
  readonly callback: ExecCallback | undefined;
}

/**
 * The text encoding of captured output.
 *
 * @param encoding The `encoding` option.
 * @returns The encoding, or `null` for Buffers (`'buffer'` or a name that is not an encoding).
 * @example
 * ```ts
 * textEncodingOf('latin1'); // 'latin1'
 * textEncodingOf('buffer'); // null
 * ```
 * @rules child_process.exec.encoding-default-utf8, child_process.exec.encoding-named, child_process.exec.encoding-buffer, child_process.exec.encoding-unknown-buffer, child_process.exec-file.encoding-default-utf8, child_process.exec-file.encoding-buffer, child_process.exec-file.encoding-unknown-buffer
 */
export function textEncodingOf(encoding: unknown): BufferEncoding | null {
  if (encoding === 'buffer' || typeof encoding !== 'string' || !Buffer.isEncoding(encoding)) return null;
  return encoding;
}

/**
 * Watches an exec/execFile child until it ends and reports the outcome once to `run.callback`: `(null, stdout,
 * stderr)` on exit code 0, otherwise an error carrying `code`, `killed`, `signal` and `cmd` — or the maxBuffer
 * RangeError, the AbortError or spawn error that ended the run. Past `maxBuffer` or `timeout` the child is killed.
 *
 * @param child The child, just spawned with piped stdout and stderr.
 * @param run The settled options.
 * @example
 * ```ts
 * superviseExec(spawn('ls'), { command: 'ls', encoding: 'utf8', maxBuffer: 1024, killSignal: undefined, timeout: 0, callback });
 * ```
 * @rules child_process.exec.callback-on-exit, child_process.exec.success-null-error, child_process.exec.error-exit-code, child_process.exec.error-signal, child_process.exec.abort-error, child_process.exec.timeout-kills, child_process.exec.max-buffer-exceeded-kills, child_process.exec-file.callback-on-exit, child_process.exec-file.success-null-error, child_process.exec-file.error-exit-code, child_process.exec-file.error-signal, child_process.exec-file.abort-error, child_process.exec-file.timeout-kills, child_process.exec-file.max-buffer-exceeded-kills
 */
export function superviseExec(child: ChildProcess, run: ExecRun): void {
  const { command, encoding, killSignal, callback } = run;
  let failure: Error | null = null;
  let killedByUs = false;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;

  const kill = (): void => {
    // Stop reading first: nothing more will be kept, and an unread pipe must not keep us waiting.
    child.stdout?.destroy();
    child.stderr?.destroy();
    // beyond-spec: exec-error-fields
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
  // With a text encoding the streams are set to it, so the child's 'data' events carry text, as the host's do.
  if (encoding) {
    // beyond-spec: stream-encoding
    child.stdout?.setEncoding(encoding);
    // beyond-spec: stream-encoding
    child.stderr?.setEncoding(encoding);
  }
  const stdout = child.stdout ? new OutputCollector(child.stdout, run.maxBuffer, encoding, overflow('stdout')) : undefined;
  const stderr = child.stderr ? new OutputCollector(child.stderr, run.maxBuffer, encoding, overflow('stderr')) : undefined;
  const empty = (): string | Buffer => (encoding ? '' : Buffer.alloc(0));

  function finish(code: number | null, signal: NodeJS.Signals | null): void {
    if (finished) return;
    finished = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!callback) return;
    const out = stdout?.result() ?? empty();
    const err = stderr?.result() ?? empty();
    if (!failure && code === 0 && signal === null) {
      callback(null, out, err);
      return;
    }
    const reported: ExecError =
      failure ??
      Object.assign(new Error(`Command failed: ${command}\n${String(err)}`), {
        code: exitCodeOf(code),
        // beyond-spec: exec-error-fields
        killed: child.killed || killedByUs,
        signal,
      });
    // beyond-spec: exec-error-fields
    reported.cmd = command;
    callback(reported, out, err);
  }

  const timeout = run.timeout;
  if (timeout != null && timeout > 0) {
    timer = setTimeout(() => {
      timer = undefined;
      kill();
    }, timeout);
  }
  child.addListener('close', (code: number | null, signal: NodeJS.Signals | null) => finish(code, signal));
  child.addListener('error', (error: Error) => {
    // The error that ended the run: a failed spawn's, or the AbortError of an aborted signal (exec rule 3).
    failure = error;
    child.stdout?.destroy();
    child.stderr?.destroy();
    finish(null, null);
  });
}

/**
 * The `code` of the callback's error: the exit code, or for a negative code (a libuv error number, which a child's
 * 'close' carries when the process layer itself failed) its error name, as the host reports it: `-1` becomes `'EPERM'`.
 * Node's core test `parallel/test-child-process-execfile.js` checks this.
 *
 * @example
 * ```ts
 * exitCodeOf(2); // 2
 * exitCodeOf(-1); // 'EPERM'
 * ```
 * @rules child_process.exec.error-exit-code, child_process.exec-file.error-exit-code
 */
function exitCodeOf(code: number | null): number | string | null {
  if (code !== null && code < 0) {
    // beyond-spec: errno-name
    return getSystemErrorName(code);
  }
  return code;
}

/**
 * What execSync and execFileSync throw: the spawn error, or a "Command failed" error for a non-zero exit, carrying
 * the whole spawnSync result (status, signal, stdout, stderr, output, pid) as properties.
 *
 * @param result The spawnSync result.
 * @param commandLine The command as shown in the message.
 * @returns The error to throw, or `undefined` when the command succeeded.
 * @example
 * ```ts
 * const error = syncFailure(spawnSync('false'), 'false'); // error.status === 1
 * ```
 */
export function syncFailure(result: SpawnSyncResult, commandLine: string): Error | undefined {
  if (result.error) {
    // beyond-spec: sync-variants
    return Object.assign(result.error, result);
  }
  if (result.status !== 0) {
    // beyond-spec: sync-variants
    return commandFailed(result, commandLine);
  }
  // A child that exited 0 succeeded: the blocking call returns (what it returns is the sync variants' own business).
  // beyond-spec: sync-variants
  return undefined;
}

/** The "Command failed" error of a sync call whose child did not exit 0, with the whole result as properties. */
// beyond-spec: sync-variants
function commandFailed(result: SpawnSyncResult, commandLine: string): Error {
  let message = `Command failed: ${commandLine}`;
  if (result.stderr && result.stderr.length > 0) message += `\n${result.stderr.toString()}`;
  return Object.assign(new Error(message), result);
}

/**
 * Buffers one captured stream (stdout or stderr) up to `maxBuffer` bytes. Bytes are counted and cut as they arrive
 * and decoded only at the end, so the limit holds exactly in bytes for every encoding and a character cut by the limit
 * is dropped rather than turned into a replacement character. A stream set to an encoding delivers text; its chunks
 * are turned back into the bytes they were decoded from (exact, since the stream's decoder holds back incomplete
 * characters; only bytes that were not valid in the encoding come back as the replacement character's bytes).
 * @rules child_process.exec.max-buffer-exceeded-truncates, child_process.exec-file.max-buffer-exceeded-truncates, child_process.exec.encoding-default-utf8, child_process.exec.encoding-named, child_process.exec-file.encoding-default-utf8
 */
class OutputCollector {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private overflowed = false;

  /**
   * @param stream The child's stdout or stderr.
   * @param maxBuffer Largest number of bytes kept (`Infinity`: no limit).
   * @param encoding Text encoding of the result, or `null` for a Buffer.
   * @param onOverflow Called once when the stream outgrows `maxBuffer`; what fits is kept, the rest dropped.
   */
  constructor(
    private readonly stream: Readable,
    private readonly maxBuffer: number,
    private readonly encoding: BufferEncoding | null,
    private readonly onOverflow: () => void,
  ) {
    stream.on('data', (chunk: Buffer | string) => {
      // Read at each chunk: the stream's encoding may be changed by anyone holding the child.
      this.add(typeof chunk === 'string' ? Buffer.from(chunk, stream.readableEncoding ?? 'utf8') : chunk);
    });
  }

  private add(chunk: Buffer): void {
    // Past the limit nothing more is kept (the stream is being torn down; a last chunk may still be in flight).
    if (this.overflowed) return;
    const budget = this.maxBuffer - this.bytes;
    if (chunk.length <= budget) {
      this.chunks.push(chunk);
      this.bytes += chunk.length;
      return;
    }
    if (budget > 0) this.chunks.push(chunk.subarray(0, budget));
    this.bytes = this.maxBuffer;
    this.overflowed = true;
    this.onOverflow();
  }

  /**
   * @returns What was kept, decoded when an encoding was asked for, or when the stream itself was set to one by the
   *   time the child ended (`encoding: 'buffer'` or none, then `child.stdout.setEncoding(…)`): text, as on the host.
   */
  result(): string | Buffer {
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const encoding = this.encoding ?? textEncodingOf(this.stream.readableEncoding);
    if (!encoding) return bytes;
    const decoder = new StringDecoder(encoding);
    // A complete stream flushes a trailing partial character (as U+FFFD); a truncated one drops it.
    return this.overflowed ? decoder.write(bytes) : decoder.write(bytes) + decoder.end();
  }
}
