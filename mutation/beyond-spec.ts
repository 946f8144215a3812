// Code marked "beyond the spec": reference code that follows the host runtime where the spec says nothing (argument
// validation, error codes and messages, Node internals), or where the reference departs from the spec on purpose. A
// conformance case may not encode such behaviour, so no case can kill a mutant there; counting those mutants as
// survivors would measure the spec's silence, not the suite's strength. They are marked in the source with a short key,
// and the reason lives here, once, under that key:
//
//   if (typeof command !== 'string') {
//     // beyond-spec: arg-type
//     throw invalidArgType('command', 'of type string', command);
//   }
//
// A `// beyond-spec: KEY` comment directly above a statement, declaration, class member, object property or switch
// clause marks that whole node. Every mutant inside the node gets status `beyond-spec`: not run (unless `rtconf mutate
// --audit-beyond-spec`), left out of the score, and listed in mutation.json and the report with the key's reason.
//
// Mark the refusing branch, not the check: the check is the path valid values take too, and a mutant that makes it
// refuse a good value must be run and killed. A marker on the only statement of an `if` without `else` (the refusal)
// also marks the two mutants whose whole effect is that the marked branch never runs: the condition made `false`, and
// a `return;` put first in a function whose body is that `if` alone.
import ts from 'typescript5';

export interface BeyondSpecKey {
  readonly reason: string;
  /**
   * The reference departs from the spec here on purpose (it follows Node), rather than filling a silence; every such
   * key is listed with the spec's sentence in docs/reference.md, under "Where the reference departs from the spec".
   */
  readonly departure?: true;
}

/** Every marker key and its reason: what the code follows, and where the spec is silent (or what it says instead). */
export const BEYOND_SPEC_KEYS = {
  'arg-type': { reason: 'refusing an argument or option of another type follows Node; the spec states no error for it (§Errors)' },
  'nul-bytes': { reason: 'refusing strings that hold NUL bytes follows Node; the spec states no error for them (§Errors)' },
  'out-of-range': { reason: 'refusing a value out of range follows Node; the spec states no error for it (§Errors)' },
  'empty-command': { reason: 'refusing an empty command follows Node; the spec states no error for it (§Errors)' },
  'unknown-signal': { reason: 'refusing an unknown signal follows Node; the spec states no error for it (§Errors)' },
  'second-ipc': { reason: "refusing a second 'ipc' entry in spawn's stdio follows Node; the spec states the one-'ipc' rule for fork only (§Errors)" },
  'max-cached-sessions-check': { reason: 'refusing a maxCachedSessions that is not a number >= 0 follows Node; the spec states no error for it (§Errors)' },
  'receiver-check': { reason: 'refusing a server the constructor never set up follows Node; the spec states no error for it (§Errors)' },
  'error-shape': {
    reason: 'the class, code, message, stack and printed form of errors follow Node; the spec shows no catalogue of error codes and messages (§Errors)',
  },
  'argument-error': {
    reason: 'an argument error: thrown only where a value is refused, which the spec never states; its class, code and message follow Node (§Errors shows no catalogue of them)',
  },
  'abort-error-details': { reason: 'the spec names the error (an AbortError), not its code or message; these follow Node (§Errors)' },
  'exec-error-fields': {
    reason: "error.killed and error.cmd follow Node; the spec's callback error carries the exit code and the signal only (§execFile rule 2 and §Errors)",
  },
  'errno-name': {
    reason: "naming a negative code (a libuv error number, never an exit status) by its system error follows Node; the spec's error.code is the exit code and says nothing of a process layer that failed",
  },
  'spawn-error-itself': {
    reason: "handing over the spawn error itself (its message, errno and syscall) follows Node; the spec says only that the callback gets an Error, which the 'close' that follows a failed spawn gives anyway (§Errors)",
  },
  'stream-encoding': {
    reason: "setting the child's own streams to the encoding follows Node; the spec describes what the callback gets, which the collectors decode themselves",
  },
  'sync-variants': {
    reason: 'what the sync variants take and give back beyond blocking follows Node; the spec says "Their parameters and return shapes: not shown" (§Other child-process operations)',
  },
  'env-undefined-values': { reason: "dropping a variable whose value is undefined follows Node; the spec's env option states only key-value pairs" },
  'env-non-enumerable': { reason: "leaving non-enumerable env properties out follows Node's for…in reading; the spec's env is an object of key-value pairs" },
  'coverage-env': {
    reason: "handing NODE_V8_COVERAGE on follows a Node internal (coverage of child processes); the spec's env option says nothing of it",
  },
  'channel-env': {
    reason:
      'dropping a channel variable the caller\'s env holds follows Node (a child must not take a channel it was not given); the spec names RT_CHANNEL_FD only as where a fork with a custom execPath finds its channel',
  },
  'url-like-paths': { reason: "accepting URL objects of another realm or library by their shape follows Node; the spec's URL is the runtime's own URL type" },
  'undefined-as-absent': { reason: 'reading an option set to undefined as absent follows Node; the spec gives defaults for absent options only' },
  'spawn-serialization': {
    reason: "spawn's serialization option and its refusal of other values follow Node; the spec gives spawn no serialization option (fork's is checked in fork)",
  },
  'pollution-defence': {
    reason:
      "ignoring options inherited from Object.prototype (and giving the host's option names an own undefined so that it cannot read them there) is this reference's defence against prototype pollution, where Node reads them; the spec does not say whether an inherited option counts",
  },
  'pool-key-tls-options': {
    reason:
      "which TLS options keep two requests off one pooled connection follows Node's https Agent; the spec states no pooling rule (plain-HTTP agent fields: not shown)",
  },
  'session-drop-on-error': {
    reason: 'dropping the cached session of a connection that failed follows Node; the spec says only that sessions are cached, up to maxCachedSessions',
  },
  'max-requests-per-socket': { reason: "maxRequestsPerSocket follows Node's plain-HTTP server; it is not among the spec's Server properties" },
  'create-connection-forms': {
    reason:
      "the positional createConnection forms (port[, host][, options], and a host string after the options) follow Node's https Agent; the spec shows only createConnection(options[, callback]) (§https.Agent)",
  },
  'direct-connection-servername': {
    reason:
      "only direct createConnection calls without a servername reach this default (requests come with the one the plain-HTTP agent computed), where the spec does not say whether the Agent's servername default applies (Node sends no SNI there, Deno and Bun send the host name)",
  },
  'legacy-constructor': {
    reason:
      "calling the Agent or Server constructor without new, or on an old-style subclass's this, and the constructor such instances name, follow Node; the spec constructs an Agent with new Agent([options]) and servers with createServer",
  },
  'free-socket-order': {
    reason: 'reusing the most recently used free socket first follows Node; the spec states keepAlive and the 5 s timeout of the global agent only (§https.globalAgent)',
  },
  'alpn-http1': { reason: "offering HTTP/1.1 over ALPN by default follows Node; the spec's Server states no protocol negotiation" },
  'server-events': {
    reason:
      'which plain-HTTP server events surface on the https Server (TLS handshake errors as \'clientError\' among them), and the listener counts that serve them, follow Node; the spec says "The full list of child-process and server events and of their arguments: not shown" (§Events)',
  },
  'global-agent-assignment': { reason: 'replacing https.globalAgent by assignment follows Node; the spec describes the global agent, not assigning another' },
  'decoder-that-throws': {
    reason: "retrying a part with the module's unescape when the decodeURIComponent option throws follows Node; the spec says nothing of a decoder that throws",
  },
  'stringify-non-object': { reason: "giving '' for an obj that is not an object follows Node; the spec's stringify takes an Object and says nothing of other values" },
  'unescape-buffer': {
    reason:
      "unescapeBuffer, and decoding with an application's replacement of it, follow Node; the spec's module exports parse, decode, stringify, encode, escape and unescape, and says nothing of it",
  },
  'plus-as-space': {
    reason:
      "a departure from the spec (docs/reference.md): parse reads '+' as a space, as Node does, where the spec's chain (parse decodes with unescape, which tries the built-in URI-component decoder first) keeps '+' as it is",
    departure: true,
  },
  'fork-exec-argv-without-eval': {
    reason:
      "a departure from the spec (docs/reference.md): fork's default execArgv leaves out the parent's -e/-p (and their code) and --eval/--print, as Node does, where the spec's default is process.execArgv as it is",
    departure: true,
  },
} as const satisfies Readonly<Record<string, BeyondSpecKey>>;

export type BeyondSpecKeyName = keyof typeof BEYOND_SPEC_KEYS;

export interface BeyondSpecRegion {
  /** [start, end) of the marked node in the file's text. */
  readonly start: number;
  readonly end: number;
  /** 1-based line of the marker comment. */
  readonly line: number;
  readonly key: BeyondSpecKeyName;
  readonly reason: string;
}

/**
 * The marked refusal of an `if` without `else`: the condition made `false`, or a `return;` put first in a function
 * whose body is that `if` alone, only stop the marked branch from running, so they are marked with it.
 */
export interface RefusalGuard {
  /** [start, end) of the `if`'s condition. */
  readonly condition: readonly [number, number];
  /** Where a leading `return;` goes, when the `if` is the whole body of a function. */
  readonly bodyStart?: number;
  readonly region: BeyondSpecRegion;
}

export interface MarkerProblem {
  /** 1-based line of the marker comment. */
  readonly line: number;
  readonly message: string;
}

const MARKER = /^\/\/[ \t]*beyond-spec:[ \t]*(.*?)[ \t]*$/;

/** Whether `key` is one of BEYOND_SPEC_KEYS. */
export function isBeyondSpecKey(key: string): key is BeyondSpecKeyName {
  return Object.hasOwn(BEYOND_SPEC_KEYS, key);
}

/**
 * The marked regions of a file, the refusal guards they imply, and the markers that mark nothing or name no key.
 * @example
 * beyondSpecRegions(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true)).regions;
 */
export function beyondSpecRegions(sourceFile: ts.SourceFile): { regions: BeyondSpecRegion[]; guards: RefusalGuard[]; problems: MarkerProblem[] } {
  const text = sourceFile.text;
  const lineOf = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  // Every marker in the file, by the position of its comment.
  const markers = new Map<number, boolean>();
  for (const match of text.matchAll(/\/\/[ \t]*beyond-spec:/g)) markers.set(match.index, false);
  if (markers.size === 0) return { regions: [], guards: [], problems: [] };

  const regions: BeyondSpecRegion[] = [];
  const guards: RefusalGuard[] = [];
  const problems: MarkerProblem[] = [];
  const visit = (node: ts.Node): void => {
    for (const comment of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      // The outermost node a comment leads is the one it marks (a statement, not the expression inside it).
      if (markers.get(comment.pos) !== false) continue;
      markers.set(comment.pos, true);
      const key = MARKER.exec(text.slice(comment.pos, comment.end))?.[1] ?? '';
      const line = lineOf(comment.pos);
      if (!isBeyondSpecKey(key)) {
        problems.push({ line, message: `"${key}" is not a beyond-spec key: a marker names one of the keys of mutation/beyond-spec.ts, whose reason says what the code follows and where the spec is silent` });
        continue;
      }
      const region: BeyondSpecRegion = { start: node.getStart(sourceFile), end: node.getEnd(), line, key, reason: BEYOND_SPEC_KEYS[key].reason };
      regions.push(region);
      const guard = refusalGuard(node, region, sourceFile);
      if (guard) guards.push(guard);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  for (const [position, used] of markers) {
    if (!used) problems.push({ line: lineOf(position), message: 'a beyond-spec marker must be a `//` comment directly above the statement, declaration, member or property it marks' });
  }
  return { regions: regions.sort((a, b) => a.start - b.start), guards, problems: problems.sort((a, b) => a.line - b.line) };
}

/** The guard of a marked node that is the whole `then` branch of an `if` without `else`, if it is one. */
function refusalGuard(node: ts.Node, region: BeyondSpecRegion, sourceFile: ts.SourceFile): RefusalGuard | undefined {
  let branch: ts.Node = node;
  if (ts.isBlock(node.parent) && node.parent.statements.length === 1) branch = node.parent;
  const statement = branch.parent;
  if (!statement || !ts.isIfStatement(statement) || statement.thenStatement !== branch || statement.elseStatement) return undefined;
  const condition: [number, number] = [statement.expression.getStart(sourceFile), statement.expression.getEnd()];
  const body = statement.parent;
  const whole = ts.isBlock(body) && body.statements.length === 1 && ts.isFunctionLike(body.parent);
  return { condition, ...(whole ? { bodyStart: statement.getStart(sourceFile) } : {}), region };
}

/**
 * The innermost marked region holding the edit [start, end), if any. An insertion (start = end) at a region's very
 * start is before the node, not in it: `return;` put ahead of a marked first statement changes the whole function.
 */
export function regionAround(regions: readonly BeyondSpecRegion[], start: number, end: number): BeyondSpecRegion | undefined {
  let found: BeyondSpecRegion | undefined;
  for (const region of regions) {
    if (region.start > start) break;
    if (end <= region.end && (start < end || region.start < start)) found = region;
  }
  return found;
}

/**
 * The marked refusal an edit only stops from running (see RefusalGuard), if any.
 * @param edit the operator and the edit: an `always-false` of a guard's condition, or an `early-return` at its body
 */
export function guardAround(guards: readonly RefusalGuard[], edit: { readonly operator: string; readonly start: number; readonly end: number }): BeyondSpecRegion | undefined {
  for (const guard of guards) {
    if (edit.operator === 'always-false' && edit.start === guard.condition[0] && edit.end === guard.condition[1]) return guard.region;
    if (edit.operator === 'early-return' && edit.start === guard.bodyStart) return guard.region;
  }
  return undefined;
}
