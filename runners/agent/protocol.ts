// The agent protocol: JSON lines over a loopback socket that only the agent and the harness share (never the
// agent's stdout/stderr, which cases and candidates write to). The harness listens, the agent connects and proves
// it is the agent it started with a per-agent token; then the harness says what to load and which case to run next.
import type { CandidateInfo, CaseResult } from '../../reports/results.js';

/** What the agent is to test: the runtime's own builtins, an adapter file, or an npm package entry. */
export type CandidateLoad =
  | { readonly kind: 'builtins' }
  | { readonly kind: 'adapter'; readonly spec: string; readonly cwd: string }
  | { readonly kind: 'npm'; readonly spec: string; readonly entry: string; readonly packageName: string; readonly module?: string };

/** harness → agent */
export type HostMessage =
  | {
      readonly type: 'init';
      readonly candidate: CandidateInfo;
      readonly load: CandidateLoad;
      /** Absolute path of `conformance/fixtures/`. */
      readonly fixturesDir: string;
      readonly runSeed: number;
      readonly timeoutMs: number;
      /** Extra ESM files exporting `cases`, looked up before the suite's own (the harness's own tests use it). */
      readonly caseModules?: readonly string[];
    }
  | { readonly type: 'run'; readonly case: string }
  | { readonly type: 'certificates'; readonly id: number; readonly set?: unknown; readonly error?: string };

/** agent → harness */
export type AgentMessage =
  | { readonly type: 'hello'; readonly token: string; readonly pid: number }
  | {
      readonly type: 'ready';
      readonly runtime: { readonly name: string; readonly version: string; readonly execPath: string };
      readonly name?: string;
      readonly version?: string;
      readonly modules: readonly string[];
    }
  | { readonly type: 'fatal'; readonly message: string }
  | { readonly type: 'started'; readonly case: string }
  | { readonly type: 'result'; readonly result: CaseResult; readonly recycle?: string }
  | { readonly type: 'certificates'; readonly id: number };

/** A line longer than this is not something our agent writes: the channel is corrupt. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Argument names on the agent's command line. */
export const AGENT_PORT_ARG = '--rtconf-port';
export const AGENT_TOKEN_ARG = '--rtconf-token';
/** Environment variable inherited by everything the agent starts, so stray descendants can be found and killed. */
export const AGENT_TAG_VARIABLE = 'RTCONF_AGENT_TAG';
