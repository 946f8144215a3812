// Agent costs, per runtime available here (the host's Node always; node/bun/deno and workerd from the rtconf cache when
// they are there): bundle build time, agent start (spawn → connected → candidate loaded → ready), and per-case overhead
// (the round trip of a case that does nothing, minus its own run time). Targets: start < 300 ms, overhead < 2 ms.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAgent } from '../runners/agent/build-agent.js';
import { Agent } from '../runners/agent/agent.js';
import type { AgentHost } from '../runners/agent/agent-host.js';
import { buildWorkerAgent } from '../runners/agent/build-worker-agent.js';
import { ProcessHost } from '../runners/agent/process-host.js';
import { WorkerdHost } from '../runners/agent/workerd-host.js';
import { releaseDateOf, workerdCompatibility, WORKERD } from '../runners/runtimes/workerd-profile.js';
import { fixturePath } from '../conformance/fixture-path.js';
import { cacheDir } from '../runners/runtimes/cache-dir.js';
import { PROFILES } from '../runners/runtimes/runtime-profile.js';
import { RUNTIME_NAMES } from '../results/candidate-spec.js';
import { dirname } from 'node:path';

const CASES = fileURLToPath(new URL('./agent-cases.mjs', import.meta.url));
const STARTS = 7;
const ROUND_TRIPS = 400;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Each runtime found, with how to make the host of one more agent of it. */
function launches(): Array<[string, () => Promise<AgentHost>]> {
  const processHost = (launch: ConstructorParameters<typeof ProcessHost>[0]) => async () => new ProcessHost(launch, (await buildAgent()).file);
  const found: Array<[string, () => Promise<AgentHost>]> = [[`host node ${process.version}`, processHost({ executable: process.execPath, args: (script) => [script] })]];
  const root = join(cacheDir(), 'runtimes');
  const cached = (name: string): string[] => (existsSync(join(root, name)) ? readdirSync(join(root, name)).filter((version) => /^\d/.test(version)) : []);
  for (const name of RUNTIME_NAMES) {
    for (const version of cached(name)) {
      const executable = join(root, name, version, name);
      if (!existsSync(executable)) continue;
      const profile = PROFILES[name];
      found.push([`${name} ${version}`, processHost({ executable, args: (script) => profile.scriptArgs(script), env: profile.env })]);
    }
  }
  for (const version of cached(WORKERD)) {
    const executable = join(root, WORKERD, version, WORKERD);
    if (!existsSync(executable) || releaseDateOf(version) === undefined) continue;
    const { date, flags } = workerdCompatibility({ compatibilityFlags: [] }, version);
    const launch = { executable, version, compatibilityDate: date, compatibilityFlags: flags };
    found.push([`workerd ${version}`, async () => new WorkerdHost(launch, await buildWorkerAgent(), [], [CASES])]);
  }
  return found;
}

async function start(host: () => Promise<AgentHost>): Promise<Agent> {
  return Agent.start({
    host: await host(),
    init: {
      candidate: { id: 'bench', name: 'bench', kind: 'runtime' },
      load: { kind: 'builtins' },
      fixturesDir: dirname(fixturePath('x')),
      runSeed: 1,
      timeoutMs: 10_000,
      caseModules: [CASES],
    },
    certificates: () => Promise.reject(new Error('no certificates in the bench')),
  });
}

export default async function bench(): Promise<void> {
  const bundle = await buildAgent();
  console.log(`bundle: ${bundle.file} (${bundle.buildMs} ms to build with esbuild)`);
  const worker = await buildWorkerAgent();
  console.log(`Worker bundle: ${worker.agent} (${worker.buildMs} ms to build with esbuild)`);
  console.log('runtime                 start median   per-case overhead median   (targets: < 300 ms, < 2 ms)');
  for (const [label, host] of launches()) {
    const starts: number[] = [];
    for (let index = 0; index < STARTS; index++) {
      const began = performance.now();
      const agent = await start(host);
      starts.push(performance.now() - began);
      await agent.kill();
    }
    const agent = await start(host);
    const overheads: number[] = [];
    try {
      for (let index = 0; index < ROUND_TRIPS; index++) {
        const began = performance.now();
        const outcome = await agent.runCase('querystring.bench.noop', 10_000);
        const wall = performance.now() - began;
        if (outcome.kind !== 'result' || outcome.result.status !== 'pass') throw new Error(`${label}: the no-op case did not pass: ${JSON.stringify(outcome)}`);
        overheads.push(wall - outcome.result.durationMs);
      }
    } finally {
      await agent.kill();
    }
    console.log(`${label.padEnd(24)}${median(starts).toFixed(0).padStart(6)} ms      ${median(overheads).toFixed(3).padStart(8)} ms`);
  }
}
