// The keys of the `// beyond-spec: KEY` markers in reference/ and the reason of each, as data: read by the marker
// scanner (beyond-spec.ts), shown with every marked mutant in mutation.json and the report.

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
      "a departure from the spec (docs/reference.md): fork's default execArgv leaves out the parent's -e/-p (and their code) and --eval/--print (Node drops the flag and code it ran from, but keeps the --eval=CODE form), where the spec's default is process.execArgv as it is",
    departure: true,
  },
} as const satisfies Readonly<Record<string, BeyondSpecKey>>;

export type BeyondSpecKeyName = keyof typeof BEYOND_SPEC_KEYS;
