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
// refuse a good value must be run and killed. So marked code has checks, whose mutants are run (a kill counts as
// killed; one that no case notices is `beyond-spec`, with a note saying it was run): the condition of an `if` without
// `else` whose `then` is marked code (the refusal), the arguments of a marked statement that is one call
// (`validateX(value, name)`: what is checked, and how; also `const x = f(…)` and `return f(…)`), and any swap of two arguments in marked code (it breaks the call itself more often
// than the behaviour the marker speaks of). Two mutants only stop marked code from running, and stay marked, not run: such a
// condition made `false`, and a `return;` put first in a function whose every statement is marked code or a refusal.
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
  'arg-value': { reason: 'refusing an option value of the right type that names nothing known (a stdio string other than pipe, ignore, inherit or overlapped) follows Node; the spec states no error for it (§Errors)' },
  'nul-bytes': { reason: 'refusing strings that hold NUL bytes follows Node; the spec states no error for them (§Errors)' },
  'out-of-range': { reason: 'refusing a value out of range follows Node; the spec states no error for it (§Errors)' },
  'empty-command': { reason: 'refusing an empty command follows Node; the spec states no error for it (§Errors)' },
  'unknown-signal': { reason: 'refusing an unknown signal follows Node; the spec states no error for it (§Errors)' },
  'second-ipc': { reason: "refusing a second 'ipc' entry in spawn's stdio follows Node; the spec states the one-'ipc' rule for fork only (§Errors)" },
  'max-cached-sessions-check': { reason: 'refusing a maxCachedSessions that is not a number >= 0 is the reference\'s own check (Node accepts -1, NaN or a string there; docs/reference.md); the spec states no error for it (§Errors)' },
  'receiver-check': { reason: 'refusing a server the constructor never set up is the reference\'s own check (Node\'s closeAllConnections and closeIdleConnections do nothing on such an object; docs/reference.md); the spec states no error for it (§Errors)' },
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
      'dropping a channel variable the caller\'s env holds is the reference\'s own choice (a child must not take a channel it was not given; Node passes it on and the child drops it at start-up; docs/reference.md); the spec names RT_CHANNEL_FD only as where a fork with a custom execPath finds its channel',
  },
  'url-like-paths': { reason: "accepting URL objects of another realm or library by their shape follows Node; the spec's URL is the runtime's own URL type" },
  'undefined-as-absent': { reason: 'reading an option set to undefined (or null) as absent is the reference\'s reading (Node\'s execFile takes maxBuffer: undefined as no limit and null as 0; docs/reference.md); the spec gives defaults for absent options only' },
  'pollution-defence': {
    reason:
      "ignoring options inherited from Object.prototype (and giving the host's option names an own undefined so that it cannot read them there) is this reference's defence against prototype pollution, where Node reads them; the spec does not say whether an inherited option counts",
  },
  'pool-key-tls-options': {
    reason:
      "keeping requests apart that differ only in a TLS option whose effect no client-side case can see (the server-side honorCipherOrder, dhparam and sessionIdContext; sigalgs, and the engine options clientCertEngine, privateKeyEngine and privateKeyIdentifier) follows Node's https Agent; for the options a client's connection shows, the rules of those options decide (a request never goes out on a connection an Agent kept alive for other TLS options)",
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
      "a departure from the spec (docs/reference.md): fork's default execArgv leaves out the parent's -e/-p (and their code) and --eval/--print (Node drops the flag and code it ran from, but keeps the --eval=CODE form), where the spec's default is process.execArgv as it is",
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

/** A check of marked code: its mutants are run, and one no case notices is `beyond-spec`. */
export interface MarkedCheck {
  /** [start, end) of the check: an `if`'s condition, or a marked call's arguments. */
  readonly span: readonly [number, number];
  /** The check is an `if` condition whose `then` is marked: made `false`, it only stops the marked code. */
  readonly guards: boolean;
  readonly region: BeyondSpecRegion;
}

/** A function body made only of marked code and refusals: a leading `return;` only stops marked code. */
export interface MarkedBody {
  /** Where a leading `return;` goes. */
  readonly start: number;
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
export function beyondSpecRegions(sourceFile: ts.SourceFile): { regions: BeyondSpecRegion[]; checks: MarkedCheck[]; bodies: MarkedBody[]; problems: MarkerProblem[] } {
  const text = sourceFile.text;
  const lineOf = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  // Every marker in the file, by the position of its comment.
  const markers = new Map<number, boolean>();
  for (const match of text.matchAll(/\/\/[ \t]*beyond-spec:/g)) markers.set(match.index, false);
  if (markers.size === 0) return { regions: [], checks: [], bodies: [], problems: [] };

  const regions: BeyondSpecRegion[] = [];
  const problems: MarkerProblem[] = [];
  /** The marked nodes, with their regions. */
  const marked = new Map<ts.Node, BeyondSpecRegion>();
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
      marked.set(node, region);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  for (const [position, used] of markers) {
    if (!used) problems.push({ line: lineOf(position), message: 'a beyond-spec marker must be a `//` comment directly above the statement, declaration, member or property it marks' });
  }
  const { checks, refusals } = checksOf(marked, sourceFile);
  const bodies = markedBodies(new Map([...marked, ...refusals]), sourceFile);
  return { regions: regions.sort((a, b) => a.start - b.start), checks, bodies, problems: problems.sort((a, b) => a.line - b.line) };
}

/**
 * The checks of the marked code: the condition of every `if` without `else` whose `then` is marked (a marked statement,
 * or a block of marked statements), and the arguments of every marked call statement. Also those `if` statements (the
 * refusals), each with the region of its marked code.
 */
function checksOf(marked: ReadonlyMap<ts.Node, BeyondSpecRegion>, sourceFile: ts.SourceFile): { checks: MarkedCheck[]; refusals: Map<ts.Node, BeyondSpecRegion> } {
  const checks: MarkedCheck[] = [];
  const refusals = new Map<ts.Node, BeyondSpecRegion>();
  for (const [node, region] of marked) {
    const call = statementCall(node);
    const first = call?.arguments[0];
    const last = call?.arguments[call.arguments.length - 1];
    if (first && last) checks.push({ span: [first.getStart(sourceFile), last.getEnd()], guards: false, region });
    const branch = ts.isBlock(node.parent) && node.parent.statements.every((statement) => marked.has(statement)) ? node.parent : node;
    const statement = branch.parent;
    if (!statement || !ts.isIfStatement(statement) || statement.thenStatement !== branch || statement.elseStatement || refusals.has(statement)) continue;
    refusals.set(statement, region);
    checks.push({ span: [statement.expression.getStart(sourceFile), statement.expression.getEnd()], guards: true, region });
  }
  return { checks, refusals };
}

/** The call a statement makes as a whole: an expression statement, a declaration of one variable, a return. */
function statementCall(node: ts.Node): ts.CallExpression | undefined {
  if (ts.isExpressionStatement(node)) return callOf(node.expression);
  if (ts.isReturnStatement(node) && node.expression) return callOf(node.expression);
  const declarations = ts.isVariableStatement(node) ? node.declarationList.declarations : undefined;
  const initializer = declarations?.length === 1 ? declarations[0]?.initializer : undefined;
  return initializer ? callOf(initializer) : undefined;
}

/** The call an expression is (through `await`, `void`, parentheses), if it is one. */
function callOf(expression: ts.Expression): ts.CallExpression | undefined {
  let inner: ts.Expression = expression;
  while (ts.isAwaitExpression(inner) || ts.isVoidExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return ts.isCallExpression(inner) ? inner : undefined;
}

/** The function bodies whose every statement is marked or a marked refusal. */
function markedBodies(marked: ReadonlyMap<ts.Node, BeyondSpecRegion>, sourceFile: ts.SourceFile): MarkedBody[] {
  const bodies = new Map<ts.Node, MarkedBody>();
  for (const statement of marked.keys()) {
    const body = statement.parent;
    if (!body || bodies.has(body) || !ts.isBlock(body) || !ts.isFunctionLike(body.parent)) continue;
    const first = body.statements[0];
    const region = first ? marked.get(first) : undefined;
    if (first && region && body.statements.every((each) => marked.has(each))) bodies.set(body, { start: first.getStart(sourceFile), region });
  }
  return [...bodies.values()];
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
 * How the marked code claims an edit beyond the regions it lies in: `stops` for the two edits that only stop marked
 * code from running (a refusal's condition made `false`, a `return;` put first in a body of marked code), `check` for
 * an edit inside a check (the innermost one). Checks come before regions: a marked call's arguments are its check.
 * @param edit the operator and the edit
 */
export function claimOf(
  checks: readonly MarkedCheck[],
  bodies: readonly MarkedBody[],
  edit: { readonly operator: string; readonly start: number; readonly end: number },
): { readonly kind: 'stops' | 'check'; readonly region: BeyondSpecRegion } | undefined {
  if (edit.operator === 'early-return') {
    const body = bodies.find((each) => each.start === edit.start);
    return body ? { kind: 'stops', region: body.region } : undefined;
  }
  let inner: MarkedCheck | undefined;
  for (const check of checks) {
    const [start, end] = check.span;
    if (check.guards && edit.operator === 'always-false' && edit.start === start && edit.end === end) return { kind: 'stops', region: check.region };
    if (start <= edit.start && edit.end <= end && (!inner || start >= inner.span[0])) inner = check;
  }
  return inner ? { kind: 'check', region: inner.region } : undefined;
}
