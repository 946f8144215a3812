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

/**
 * The default `--jobs`: two jobs per CPU core. A case mostly waits (on the children it starts, its timers, a TLS
 * handshake), so one agent per core left the cores idle: the default run (reference and host, 379 cases) took 49.6 s
 * with 2 jobs on 2 idle cores for 50.5 s of CPU in all its processes (1.96 times its floor), 34.8 s with 4 jobs
 * (1.34 times), and 34.2 s with 8, whose extra agents cost more CPU than they save (`npm run floor`, 2026-11-28).
 * `rtconf mutate` asks for three per core (cli/commands/mutate.ts).
 */
export function defaultJobs(perCore = 2): number {
  return perCore * (typeof availableParallelism === 'function' ? availableParallelism() : cpus().length);
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
