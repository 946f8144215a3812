// Helpers for the agent runner tests: run synthetic cases through an agent runner and find processes left behind.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CaseMeta } from '../../conformance/case.js';
import type { CaseResult } from '../../results/results-file.js';
import { createAgentRunner, type AgentRunnerOptions } from '../../runners/agent/agent-runner.js';
import { processHosts } from '../../runners/agent/process-host.js';
import type { RunOptions } from '../../runners/runner.js';

export const AGENT_FIXTURES = fileURLToPath(new URL('../fixtures/agent/', import.meta.url));
export const TEST_CASES = `${AGENT_FIXTURES}cases.mjs`;

export const META: Record<string, CaseMeta> = {
  parse: { id: 'querystring.agent-test.parse-repeated', module: 'querystring', rules: [] },
  stringify: { id: 'querystring.agent-test.stringify', module: 'querystring', rules: [] },
  asserted: { id: 'querystring.agent-test.parse-asserted', module: 'querystring', rules: [] },
  nonError: { id: 'querystring.agent-test.throws-non-error', module: 'querystring', rules: [] },
  slow: { id: 'querystring.agent-test.slow', module: 'querystring', rules: [], timeoutMs: 300 },
  execPath: { id: 'child_process.agent-test.exec-path', module: 'child_process', rules: [] },
  childWithPipes: { id: 'querystring.agent-test.child-with-pipes', module: 'querystring', rules: [] },
  https: { id: 'https.agent-test.after-certificates', module: 'https', rules: [] },
};

/** Four cases of one function (`querystring.agent-parse`), each calling parse once. */
export const PARSE_CASES: readonly CaseMeta[] = [1, 2, 3, 4].map((n) => ({ id: `querystring.agent-parse.case-${n}`, module: 'querystring', rules: [] }));

export function adapterRunner(mutant: string, overrides: Partial<AgentRunnerOptions> = {}) {
  const spec = `${AGENT_FIXTURES}${mutant}`;
  return createAgentRunner({
    candidate: { id: spec, name: mutant, kind: 'adapter' },
    host: processHosts({ executable: process.execPath, args: (script) => [script] }),
    load: { kind: 'adapter', spec, cwd: AGENT_FIXTURES },
    caseModules: [TEST_CASES],
    deadlineSlackMs: 1500,
    ...overrides,
  });
}

export async function collect(runner: ReturnType<typeof createAgentRunner>, cases: readonly CaseMeta[], options: Partial<RunOptions> = {}): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  try {
    for await (const result of runner.run(cases, { seed: 1, timeoutMs: 2000, jobs: 1, ...options })) results.push(result);
  } finally {
    await runner.close();
  }
  return results;
}

/**
 * Marks every process started from now on in this test (agents inherit our environment), to look for leftovers:
 * returns the `NAME=value` that `processesWith` finds. The caller deletes `RTCONF_TEST_MARK` after the test.
 */
export function mark(): string {
  const value = randomBytes(6).toString('hex');
  process.env.RTCONF_TEST_MARK = value;
  return `RTCONF_TEST_MARK=${value}`;
}

/** Live (non-zombie) processes whose environment carries `NAME=value` (and whose command line contains `command`). */
export function processesWith(variable: string, command?: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(variable)) continue;
      if (command !== undefined && !readFileSync(`/proc/${name}/cmdline`, 'latin1').includes(command)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (state !== 'Z' && state !== 'X') found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Waits (bounded) for a condition that settles asynchronously, such as processes being reaped. */
export async function eventually(check: () => boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
