// The progress line shown while a runtime downloads: redrawn in place on a terminal, a few plain lines in CI logs.
import type { DownloadProgress } from './download-binary.js';

export function createDownloadProgress(stream: NodeJS.WriteStream = process.stderr): (what: string, progress: DownloadProgress) => void {
  const live = stream.isTTY === true;
  let current = '';
  let lastStep = -1;
  let lastDraw = 0;
  return (what, progress) => {
    const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(1);
    const done = progress.total !== undefined && progress.received >= progress.total;
    const fraction = progress.total ? progress.received / progress.total : undefined;
    const line = `rtconf: downloading ${what}: ${megabytes(progress.received)}${progress.total ? ` / ${megabytes(progress.total)}` : ''} MB${fraction !== undefined ? ` (${Math.floor(fraction * 100)}%)` : ''}`;
    if (what !== current) {
      current = what;
      lastStep = -1;
    }
    if (live) {
      const now = Date.now();
      if (now - lastDraw < 100 && !done) return;
      lastDraw = now;
      stream.write(`\r\x1b[2K${line}${done ? '\n' : ''}`);
      return;
    }
    // Logs get 0, 25, 50, 75 and 100 %.
    const step = fraction !== undefined ? Math.floor(fraction * 4) : 0;
    if (step > lastStep) {
      lastStep = step;
      stream.write(`${line}\n`);
    }
  };
}
