// The run's one pool of job slots (`--jobs N`), shared by every out-of-process candidate: a case holds a slot while
// it runs in an agent (starting the agent included). Waiters are served first come, first served, so candidates
// that run at the same time take turns and a slow or hostile one cannot starve the others.
import { availableParallelism, cpus } from 'node:os';

export interface JobPool {
  /** How many slots the pool has. */
  readonly size: number;
  /**
   * Waits for a free slot.
   * @returns a function that gives the slot back (calling it twice gives it back once)
   */
  acquire(): Promise<() => void>;
}

/** The default `--jobs`: one job per CPU core. */
export function defaultJobs(): number {
  return typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
}

/**
 * @param size the number of slots (at least 1)
 * @returns a pool handing out `size` slots in the order they were asked for
 * @example
 * const pool = createJobPool(2);
 * const release = await pool.acquire();
 * try { await runOneCase(); } finally { release(); }
 */
export function createJobPool(size: number): JobPool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a job pool needs at least one slot, got ${size}`);
  let free = size;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  const slot = (): (() => void) => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      release();
    };
  };
  return {
    size,
    acquire() {
      if (free > 0) {
        free--;
        return Promise.resolve(slot());
      }
      return new Promise((resolve) => waiting.push(() => resolve(slot())));
    },
  };
}
