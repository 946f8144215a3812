// Benchmark: the reference rt:querystring against the host's node:querystring and the fastest npm peers
// (fast-querystring, querystring-es3) on every shape of the corpus (querystring-shapes.ts). Prints a table of median ops/s and ratios, then one
// JSON line (`querystring-bench {...}`) for machines.
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import host from 'node:querystring';
import reference from '../reference/querystring.js';
import { shapes, type Shape } from './querystring-shapes.js';

type Parse = (input: string) => unknown;
type Stringify = (input: Record<string, unknown>) => string;
interface Peer {
  readonly name: string;
  readonly parse: Parse;
  readonly stringify: Stringify;
}
interface ShapeResult {
  readonly shape: string;
  /** Median operations per second per candidate. */
  readonly opsPerSec: Record<string, number>;
  /** Median over rounds of reference ops/s ÷ candidate ops/s, both measured in the same round. */
  readonly ratio: Record<string, number>;
  /** Candidates whose output for this input differs from the host's (their numbers compare different work). */
  readonly differs: readonly string[];
}

const require = createRequire(import.meta.url);
const fastQs = require('fast-querystring') as { parse: Parse; stringify: Stringify };
const es3 = require('querystring-es3') as { parse: Parse; stringify: Stringify };

const peers: readonly Peer[] = [
  { name: 'reference', parse: (s) => reference.parse(s), stringify: (o) => reference.stringify(o) },
  { name: 'node:querystring', parse: (s) => host.parse(s), stringify: (o) => host.stringify(o as never) },
  { name: 'fast-querystring', parse: (s) => fastQs.parse(s), stringify: (o) => fastQs.stringify(o) },
  { name: 'querystring-es3', parse: (s) => es3.parse(s), stringify: (o) => es3.stringify(o) },
];

const ROUNDS = 15;
/** Target duration of one timed batch. */
const BATCH_MS = 40;
const WARMUP_MS = 200;

let sink: unknown; // keeps results alive so the work cannot be optimised away

/**
 * A full collection before each batch, so no candidate pays for garbage another one left behind. `gc` is not exposed
 * without a flag, and `npm run bench` passes none: V8 lets a running program turn it on and fetch it from a fresh context.
 */
const collect: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? (gc as () => void) : () => undefined;
})();

/**
 * One timing loop per (peer, shape), compiled from its own source text so V8 keeps separate type feedback for each
 * and no candidate is slowed down by sharing a polymorphic call site with the others.
 */
function makeLoop(tag: string): (fn: (input: never) => unknown, input: unknown, iterations: number) => unknown {
  return new Function('fn', 'input', 'iterations', `/* ${tag} */ let last; for (let i = 0; i < iterations; i++) last = fn(input); return last;`) as (
    fn: (input: never) => unknown,
    input: unknown,
    iterations: number,
  ) => unknown;
}

type Loop = ReturnType<typeof makeLoop>;

/** Runs the loop for about `ms` milliseconds (JIT warm-up) and returns the iteration count that takes about BATCH_MS. */
function calibrate(fn: (input: never) => unknown, input: unknown, loop: Loop, ms: number): number {
  let iterations = 16;
  let spent = 0;
  let rate = 0;
  while (spent < ms) {
    const start = performance.now();
    sink = loop(fn, input, iterations);
    const elapsed = performance.now() - start;
    spent += elapsed;
    rate = iterations / Math.max(elapsed, 0.001);
    if (elapsed < BATCH_MS / 2) iterations *= 2;
  }
  return Math.max(1, Math.round(rate * BATCH_MS));
}

/** Seconds one batch takes. */
function timeBatch(fn: (input: never) => unknown, input: unknown, loop: Loop, iterations: number): number {
  collect();
  const start = performance.now();
  sink = loop(fn, input, iterations);
  return (performance.now() - start) / 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v } : v));
}

function runShape(shape: Shape): ShapeResult {
  const call = (peer: Peer): ((input: never) => unknown) => (shape.kind === 'parse' ? peer.parse : peer.stringify) as (input: never) => unknown;
  const expected = canonical(call(peers[1]!)(shape.input as never));
  const differs = peers.filter((peer) => canonical(call(peer)(shape.input as never)) !== expected).map((peer) => peer.name);
  const loops = peers.map((peer) => makeLoop(`${shape.name} ${peer.name}`));
  const iterations = peers.map((peer, k) => calibrate(call(peer), shape.input, loops[k]!, WARMUP_MS));
  const opsPerSecSamples: number[][] = peers.map(() => []);
  const ratioSamples: number[][] = peers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order each round so no candidate always runs right after the same other one.
    const rate: number[] = [];
    for (let k = 0; k < peers.length; k++) {
      const index = (round + k) % peers.length;
      rate[index] = iterations[index]! / timeBatch(call(peers[index]!), shape.input, loops[index]!, iterations[index]!);
    }
    // Ratios are taken within a round, so a slow spell of the machine affects both sides of each ratio alike.
    for (let k = 0; k < peers.length; k++) {
      opsPerSecSamples[k]!.push(rate[k]!);
      ratioSamples[k]!.push(rate[0]! / rate[k]!);
    }
  }
  const opsPerSec: Record<string, number> = {};
  const ratio: Record<string, number> = {};
  peers.forEach((peer, k) => {
    opsPerSec[peer.name] = median(opsPerSecSamples[k]!);
    if (k > 0) ratio[peer.name] = median(ratioSamples[k]!);
  });
  return { shape: shape.name, opsPerSec, ratio, differs };
}

function formatOps(value: number): string {
  return value >= 1e6 ? `${(value / 1e6).toFixed(2)}M` : `${(value / 1e3).toFixed(1)}k`;
}

/** Runs the querystring benchmark. Targets: ratio ≥ 1.0 vs fast-querystring everywhere, ≥ 1.5 vs node on simple parse. */
export default async function run(): Promise<void> {
  console.log(`querystring: median ops/s over ${ROUNDS} rounds of ~${BATCH_MS} ms batches, ratio = median of per-round reference ÷ candidate (higher is better)`);
  const others = peers.slice(1).map((peer) => peer.name);
  const header = ['shape'.padEnd(38), 'reference'.padStart(10), ...others.map((n) => n.padStart(17)), ...others.map((n) => `ref/${n}`.padStart(21))];
  console.log(header.join(' '));
  const results: ShapeResult[] = [];
  for (const shape of shapes) {
    const result = runShape(shape);
    results.push(result);
    const cells = [
      shape.name.padEnd(38),
      formatOps(result.opsPerSec['reference']!).padStart(10),
      ...others.map((n) => (formatOps(result.opsPerSec[n]!) + (result.differs.includes(n) ? '*' : '')).padStart(17)),
      ...others.map((n) => `${result.ratio[n]!.toFixed(2)}×`.padStart(21)),
    ];
    console.log(cells.join(' '));
    await new Promise((resolve) => setImmediate(resolve)); // let pending I/O (console) drain between shapes
  }
  console.log('* output differs from node:querystring for this input');
  // The claim is the minimum over the corpus, not a chosen shape: the weakest shape per peer and kind.
  for (const kind of ['parse', 'stringify'] as const) {
    for (const name of others) {
      const ofKind = results.filter((result) => result.shape.startsWith(`${kind}:`));
      const weakest = ofKind.reduce((low, result) => (result.ratio[name]! < low.ratio[name]! ? result : low), ofKind[0]!);
      const ratios = ofKind.map((result) => result.ratio[name]!);
      console.log(`min ${kind} ratio vs ${name}: ${weakest.ratio[name]!.toFixed(2)}× (${weakest.shape}); median over ${ofKind.length} shapes ${median(ratios).toFixed(2)}×`);
    }
  }
  void sink;
  console.log(`querystring-bench ${JSON.stringify({ rounds: ROUNDS, batchMs: BATCH_MS, node: process.version, results })}`);
}
