// Buffers one captured stream (stdout or stderr) of exec/execFile up to `maxBuffer` bytes. Bytes are counted and cut
// as they arrive from the pipe and decoded only at the end, so the limit holds exactly in bytes for every encoding and
// a character cut by the limit is dropped rather than turned into a replacement character.
import { Buffer } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

export class OutputCollector {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private overflowed = false;

  /**
   * @param stream The child's stdout or stderr, not set to any encoding.
   * @param maxBuffer Largest number of bytes kept (`Infinity`: no limit).
   * @param encoding Text encoding of the result, or `null` for a Buffer.
   * @param onOverflow Called once when the stream outgrows `maxBuffer`; what fits is kept, the rest dropped.
   */
  constructor(
    stream: Readable,
    private readonly maxBuffer: number,
    private readonly encoding: BufferEncoding | null,
    private readonly onOverflow: () => void,
  ) {
    stream.on('data', (chunk: Buffer | string) => this.add(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
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
   * @returns What was kept, decoded when an encoding was asked for.
   */
  result(): string | Buffer {
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    if (!this.encoding) return bytes;
    const decoder = new StringDecoder(this.encoding);
    // A complete stream flushes a trailing partial character (as U+FFFD); a truncated one drops it.
    return this.overflowed ? decoder.write(bytes) : decoder.write(bytes) + decoder.end();
  }
}
