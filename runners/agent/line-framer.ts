// Newline-framed messages on the agent channel, read the same way at both ends (harness and agent): chunks in,
// complete lines out, and a bound on the one line still being received so a peer cannot make the reader grow forever.
// Bundled into the agent: plain JavaScript, no runtime-specific API.

export class LineFramer {
  private pending = '';

  /** @param maxLineLength the longest partial line held before `push` reports an overflow */
  constructor(private readonly maxLineLength: number) {}

  /**
   * Adds a chunk and returns the lines it completed (without their newline).
   * @returns `overflow: true` when the unfinished line is longer than allowed; it is then dropped
   */
  push(chunk: string): { readonly lines: string[]; readonly overflow: boolean } {
    this.pending += chunk;
    const lines: string[] = [];
    let newline: number;
    while ((newline = this.pending.indexOf('\n')) >= 0) {
      lines.push(this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
    }
    const overflow = this.pending.length > this.maxLineLength;
    if (overflow) this.pending = '';
    return { lines, overflow };
  }
}
