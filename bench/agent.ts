// Agent costs, per runtime available here (the host's Node always; node/bun/deno from the rtconf cache when they are
// there): bundle build time, agent start (spawn → connected → candidate loaded → ready), and per-case overhead (the
// round trip of a case that does nothing, minus its own run time). Targets: start < 300 ms, overhead < 2 ms.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAgent } from '../runners/agent/build-agent.js';
import { Agent } from '../runners/agent/agent.js';
import { ProcessHost, type AgentLaunch } from '../runners/agent/process-host.js';
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

function launches(): Array<[string, AgentLaunch]> {
  const found: Array<[string, AgentLaunch]> = [[`host node ${process.version}`, { executable: process.execPath, args: (script) => [script] }]];
  const root = join(cacheDir(), 'runtimes');
  for (const name of RUNTIME_NAMES) {
    const versions = existsSync(join(root, name)) ? readdirSync(join(root, name)).filter((version) => /^\d/.test(version)) : [];
    for (const version of versions) {
      const executable = join(root, name, version, name);
      if (!existsSync(executable)) continue;
      const profile = PROFILES[name];
      found.push([`${name} ${version}`, { executable, args: (script) => profile.scriptArgs(script), env: profile.env }]);
    }
  }
  return found;
}

async function start(script: string, launch: AgentLaunch): Promise<Agent> {
  return Agent.start({
    host: new ProcessHost(launch, script),
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
  console.log('runtime                 start median   per-case overhead median   (targets: < 300 ms, < 2 ms)');
  for (const [label, launch] of launches()) {
    const starts: number[] = [];
    for (let index = 0; index < STARTS; index++) {
      const began = performance.now();
      const agent = await start(bundle.file, launch);
      starts.push(performance.now() - began);
      await agent.kill();
    }
    const agent = await start(bundle.file, launch);
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
