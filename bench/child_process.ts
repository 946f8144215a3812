// Benchmark: what the reference's exec/execFile/fork cost on top of process creation, against the host's builtins.
// Runs alternate reference and host so machine load drifts hit both alike; prints medians and ratios.
import * as host from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import reference from '../reference/child_process.js';
import { fixturePath } from '../conformance/fixture-path.js';

type Module = typeof host;
interface Shape {
  readonly name: string;
  readonly runs: number;
  /** Starts one round trip and resolves when it is over. */
  readonly once: (module: Module) => Promise<void>;
  /** Starts one child and returns it, to time the synchronous part of the call. */
  readonly start: (module: Module) => ChildProcess;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function settled(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => child.once('close', () => resolve()));
}

const exitModule = fixturePath('exit-code.mjs');

const shapes: readonly Shape[] = [
  {
    name: "exec('true')",
    runs: 300,
    once: (m) => new Promise((resolve, reject) => void m.exec('true', (error) => (error ? reject(error) : resolve()))),
    start: (m) => m.exec('true'),
  },
  {
    name: "execFile('true') via PATH",
    runs: 300,
    once: (m) => new Promise((resolve, reject) => void m.execFile('true', (error) => (error ? reject(error) : resolve()))),
    start: (m) => m.execFile('true'),
  },
  {
    name: 'fork(exit-code.mjs)',
    runs: 100,
    once: (m) => settled(m.fork(exitModule, ['0'], { execArgv: [], stdio: 'ignore' })),
    start: (m) => m.fork(exitModule, ['0'], { execArgv: [], stdio: 'ignore' }),
  },
];

async function measure(shape: Shape): Promise<void> {
  const candidates: ReadonlyArray<readonly [string, Module]> = [
    ['reference', reference as unknown as Module],
    ['host', host],
  ];
  const roundTrip: Record<string, number[]> = { reference: [], host: [] };
  const call: Record<string, number[]> = { reference: [], host: [] };
  for (const [, module] of candidates) await shape.once(module); // warm-up: module loading, first spawn
  for (let i = 0; i < shape.runs; i++) {
    // Alternate which goes first so neither always follows the other's teardown.
    const order = i % 2 ? [...candidates].reverse() : candidates;
    for (const [name, module] of order) {
      const started = performance.now();
      await shape.once(module);
      roundTrip[name]?.push(performance.now() - started);
      const before = performance.now();
      const child = shape.start(module);
      call[name]?.push(performance.now() - before);
      await settled(child);
    }
  }
  const ref = median(roundTrip['reference'] ?? []);
  const hostMedian = median(roundTrip['host'] ?? []);
  const refCall = median(call['reference'] ?? []) * 1000;
  const hostCall = median(call['host'] ?? []) * 1000;
  console.log(
    `${shape.name.padEnd(28)} runs ${String(shape.runs).padStart(4)}  round trip median: reference ${ref.toFixed(2)} ms, host ${hostMedian.toFixed(2)} ms, ratio ${(ref / hostMedian).toFixed(3)}×  |  call until return: reference ${refCall.toFixed(0)} µs, host ${hostCall.toFixed(0)} µs`,
  );
}

/** Runs the child_process benchmark. Target: round-trip ratio ≤ 1.05× host. */
export default async function run(): Promise<void> {
  console.log('child_process: reference vs host, median of alternating runs (lower is better)');
  for (const shape of shapes) await measure(shape);
}
