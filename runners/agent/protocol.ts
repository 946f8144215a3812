// The agent protocol: JSON messages over the agent's channel (channel.ts), one frame each, never over the agent's
// stdout/stderr, which cases and candidates write to. Once the channel is open the harness says what to load and
// which case to run next; the agent answers, and asks the harness for the run's certificates and for operations on
// the trusted peers, matched to their replies by id.
import type { CandidateDeclarations } from '../../conformance/case.js';
import type { CandidateInfo, CaseResult } from '../../results/results-file.js';

/** What the agent is to test: the runtime's own builtins, an adapter file, or an npm package entry. */
export type CandidateLoad =
  | { readonly kind: 'builtins'; readonly declared?: CandidateDeclarations }
  /** The reference implementation bundled with the agent (its oracle); `declared` says where a fresh process loads its https. */
  | { readonly kind: 'reference'; readonly declared: CandidateDeclarations }
  | { readonly kind: 'adapter'; readonly spec: string; readonly cwd: string }
  /** `entry` absent: the package ships no code (npm's placeholders), judged as an empty module. */
  | { readonly kind: 'npm'; readonly spec: string; readonly entry?: string; readonly packageName: string; readonly module?: string };

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
  /**
   * Load another candidate into an agent that has run cases already (rtconf mutate: one agent, mutant after mutant).
   * The agent answers `ready` or `fatal` as it answers `init`, or `unfit` when it is no longer as it was after its
   * first load (serve-agent.ts, `unfitness`): the harness then starts a fresh agent for this candidate.
   */
  | { readonly type: 'load'; readonly candidate: CandidateInfo; readonly load: CandidateLoad }
  | { readonly type: 'run'; readonly case: string }
  | { readonly type: 'certificates'; readonly id: number; readonly set?: unknown; readonly error?: string }
  /** The answer to a `trusted` request: the operation's result, or why it could not be performed. */
  | { readonly type: 'trusted'; readonly id: number; readonly result?: unknown; readonly error?: string };

/** agent → harness */
export type AgentMessage =
  | {
      readonly type: 'ready';
      readonly runtime: { readonly name: string; readonly version: string; readonly execPath: string };
      readonly name?: string;
      readonly version?: string;
      readonly modules: readonly string[];
      /** Intrinsics the agent relies on that loading the candidate replaced and broke (`Promise.prototype.then`). */
      readonly broken?: readonly string[];
    }
  | { readonly type: 'fatal'; readonly message: string }
  /** The answer to `load` from an agent that something earlier left changed (a socket open, a listener, the environment). */
  | { readonly type: 'unfit'; readonly reason: string }
  | { readonly type: 'started'; readonly case: string }
  /** Sent every `HEARTBEAT_MS` while a case runs: the agent's event loop still turns. */
  | { readonly type: 'alive' }
  | { readonly type: 'result'; readonly result: CaseResult; readonly recycle?: string }
  | { readonly type: 'certificates'; readonly id: number }
  /**
   * One operation on the trusted peers of the https cases (conformance/trusted-peer-handles.ts): served by the harness,
   * in its own process, so that the candidate's runtime never plays the trusted side.
   */
  | { readonly type: 'trusted'; readonly id: number; readonly operation: string; readonly args?: unknown };

/**
 * While a case runs the agent says it is alive this often. A case that is past its time limit and has not been
 * heard of for much longer than this is stuck in a loop that never yields (its own timer cannot fire): it is ended
 * at once instead of after the cleanup allowance.
 */
export const HEARTBEAT_MS = 200;

/** A frame longer than this is not something our agent writes: the channel is corrupt. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Argument names on a process agent's command line: where its TCP channel listens, and the token it proves itself with. */
export const AGENT_PORT_ARG = '--rtconf-port';
export const AGENT_TOKEN_ARG = '--rtconf-token';

/** The request header by which a Worker agent's harness proves itself (http-agent-channel.ts, worker-main.ts). */
export const AGENT_TOKEN_HEADER = 'x-rtconf-token';

/** The first frame on a TCP channel, before any message: the agent proves it is the one the harness started. */
export interface TcpHello {
  readonly type: 'hello';
  readonly token: string;
  readonly pid: number;
}
/** Environment variable inherited by everything the agent starts, so stray descendants can be found and killed. */
export const AGENT_TAG_VARIABLE = 'RTCONF_AGENT_TAG';
