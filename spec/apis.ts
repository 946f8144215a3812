// The interface's exports as data: every function, class and property the three modules export, and which rules of
// the catalogue speak of each. The per-API state of a candidate (absent, stub, partial, conformant: results/api-state.ts)
// is read through this mapping, so "can I use child_process.fork here?" is answered by fork's own rules. A rule that
// speaks of no single export (the module's export list, loading the module) is listed in API_FREE_RULES with why.
import type { ModuleName } from './rule.js';

/** What an export is: called, constructed with `new`, or an object read as it is. */
export type ApiKind = 'function' | 'class' | 'object';

export interface Api {
  /** `module.name`, the way an application writes it: `https.Agent`, `child_process.fork`, `querystring.escape`. */
  readonly id: string;
  readonly module: ModuleName;
  /** The export's name in its module. */
  readonly name: string;
  readonly kind: ApiKind;
  /** What it is for, in a few words. */
  readonly title: string;
  /**
   * The rules that speak of it: rule ids, or `prefix.*` for every rule whose id starts with `prefix.` (so a rule added
   * under `child_process.fork.` belongs to fork without an edit here). Informative rules matched this way are kept
   * for reference and never decide a state.
   */
  readonly rules: readonly string[];
  /**
   * For an export the spec makes another name for a second one (`decode` for `parse`, `encode` for `stringify`): the
   * name of that export in the same module. When a candidate exports the very same function object under both names
   * (a case records what it saw, results' `aliases`), the alias has its original's state: every call of the original
   * was a call of it. A separate function is judged by its own rules only.
   */
  readonly aliasOf?: string;
}

/** An API as its module's list declares it: everything but `id` and `module`, which `defineApis` adds. */
export type ApiEntry = Omit<Api, 'id' | 'module'>;

/**
 * Declares the exports of one module, in the spec's order.
 * @throws Error naming a rule reference of another module, or an alias of no export of the module, when the file is loaded.
 * @example
 * ```ts
 * defineApis('querystring', [{ name: 'escape', kind: 'function', title: 'percent-encodes a string', rules: ['querystring.escape.*'] }]);
 * ```
 */
export function defineApis(module: ModuleName, entries: readonly ApiEntry[]): Api[] {
  return entries.map((entry) => {
    const foreign = entry.rules.find((rule) => !rule.startsWith(`${module}.`));
    if (foreign !== undefined) throw new Error(`the API ${module}.${entry.name} cites ${JSON.stringify(foreign)}, a rule of another module`);
    if (entry.aliasOf !== undefined && !entries.some((other) => other.name === entry.aliasOf && other.aliasOf === undefined)) {
      throw new Error(`the API ${module}.${entry.name} is an alias of ${JSON.stringify(entry.aliasOf)}, which is no original export of ${module}`);
    }
    return { ...entry, id: `${module}.${entry.name}`, module };
  });
}

const querystringApis = defineApis('querystring', [
  {
    name: 'parse',
    kind: 'function',
    title: 'parses a query string into an object',
    rules: ['querystring.parse.*', 'querystring.result.*'],
  },
  { name: 'decode', kind: 'function', title: 'another name for parse', rules: ['querystring.decode.*'], aliasOf: 'parse' },
  { name: 'stringify', kind: 'function', title: 'formats an object as a query string', rules: ['querystring.stringify.*'] },
  { name: 'encode', kind: 'function', title: 'another name for stringify', rules: ['querystring.encode.*'], aliasOf: 'stringify' },
  { name: 'escape', kind: 'function', title: 'percent-encodes a string; replaceable', rules: ['querystring.escape.*'] },
  { name: 'unescape', kind: 'function', title: 'decodes percent-encoding, never throwing; replaceable', rules: ['querystring.unescape.*'] },
]);

/** Rules about a ChildProcess that every asynchronous function returns. */
const CHILD_PROCESS_OBJECT = 'child_process.child-process.event-emitter';

const childProcessApis = defineApis('child_process', [
  {
    name: 'spawn',
    kind: 'function',
    title: 'starts a process asynchronously',
    rules: [
      'child_process.spawn.*',
      CHILD_PROCESS_OBJECT,
      // The general rules the spawn cases check: default pipes, a full pipe, stdio 'ignore', lookup along env.PATH,
      // the scripts Windows runs through a shell or cmd.exe, and the 'close' event.
      'child_process.general.default-stdio-pipes',
      'child_process.general.full-pipe-blocks-child',
      'child_process.general.stdio-ignore-avoids-blocking',
      'child_process.general.path-from-env-option',
      'child_process.general.windows-bat-via-spawn-shell',
      'child_process.general.windows-bat-via-cmd-exe',
      'child_process.events.close-exit-code',
    ],
  },
  {
    name: 'exec',
    kind: 'function',
    title: 'runs a command line in a shell, buffering its output',
    rules: [
      'child_process.exec.*',
      CHILD_PROCESS_OBJECT,
      'child_process.general.completion-callback-optional',
      'child_process.general.windows-bat-via-exec',
      'child_process.general.windows-bat-spaces-quoted',
    ],
  },
  {
    name: 'execFile',
    kind: 'function',
    title: 'runs an executable directly, buffering its output',
    rules: [
      'child_process.exec-file.*',
      CHILD_PROCESS_OBJECT,
      'child_process.general.completion-callback-optional',
      // Command lookup: the spec states it for every spawning function; the cases observe it through execFile.
      'child_process.general.path-from-env-option',
      'child_process.general.path-from-process',
      'child_process.general.path-default-unix',
      'child_process.general.path-windows-process',
      'child_process.general.windows-env-case-insensitive',
      'child_process.general.windows-env-first-match',
      'child_process.general.windows-bat-not-exec-file',
    ],
  },
  {
    name: 'fork',
    kind: 'function',
    title: 'starts a runtime process on a module, with an IPC channel',
    rules: ['child_process.fork.*', CHILD_PROCESS_OBJECT, 'child_process.events.fork-abort-error'],
  },
  { name: 'spawnSync', kind: 'function', title: 'spawn, blocking until the process ends', rules: ['child_process.sync.spawn-sync-blocks'] },
  { name: 'execSync', kind: 'function', title: 'exec, blocking until the process ends', rules: ['child_process.sync.exec-sync-blocks'] },
  { name: 'execFileSync', kind: 'function', title: 'execFile, blocking until the process ends', rules: ['child_process.sync.exec-file-sync-blocks'] },
]);

const httpsApis = defineApis('https', [
  {
    name: 'createServer',
    kind: 'function',
    title: 'creates an HTTPS server',
    rules: [
      'https.create-server.*',
      'https.auth.server-key-cert',
      'https.auth.server-pfx-passphrase',
      'https.auth.pem-text-or-bytes',
      'https.events.server-request',
    ],
  },
  {
    name: 'Server',
    kind: 'class',
    title: 'the HTTPS server: TLS server with plain-HTTP behaviour, its defaults and methods',
    rules: ['https.server.*', 'https.events.server-request'],
  },
  {
    name: 'request',
    kind: 'function',
    title: 'makes an HTTPS request',
    rules: [
      // The request options are the spec's for request and get alike; the cases observe them through request.
      'https.request.*',
      'https.auth.client-certificate',
      'https.auth.client-ca',
      'https.auth.reject-unauthorized',
      'https.auth.default-host-check',
      'https.auth.pin-fingerprint256',
      'https.auth.pin-pubkey-sha256',
      'https.events.response-data',
      'https.errors.*',
      'https.agent.passed-as-agent-option',
      'https.global-agent.default-for-requests',
    ],
  },
  { name: 'get', kind: 'function', title: 'makes an HTTPS GET request', rules: ['https.get.*'] },
  {
    name: 'Agent',
    kind: 'class',
    title: 'pools HTTPS client connections and caches TLS sessions',
    rules: ['https.agent.*', 'https.events.agent-keylog', 'https.events.agent-keylog-line-format'],
  },
  { name: 'globalAgent', kind: 'object', title: 'the Agent of requests that name none', rules: ['https.global-agent.*'] },
]);

/** Every export of the interface, by module in catalogue order, then in the spec's order. */
export const apis: readonly Api[] = [...querystringApis, ...childProcessApis, ...httpsApis];

/**
 * Normative rules that speak of no single export, and why. Their cases still run and count in every verdict; they
 * only do not decide an API's state.
 */
export const API_FREE_RULES: Readonly<Record<string, string>> = {
  'querystring.module.exports':
    "The module's export list: which exports are missing, or there but not implemented, each case reports per export (results' `unimplemented`), and that decides absent and stub.",
  'child_process.general.module-exports':
    "The module's export list: which exports are missing, or there but not implemented, each case reports per export (results' `unimplemented`), and that decides absent and stub.",
  'https.module.exports':
    "The module's export list: which exports are missing, or there but not implemented, each case reports per export (results' `unimplemented`), and that decides absent and stub.",
  'https.load.no-crypto-throws': 'About loading rt:https on a build without crypto: the module as a whole, before any export exists.',
  'https.load.no-crypto-cjs-catchable': 'About loading rt:https on a build without crypto: the module as a whole, before any export exists.',
  'https.load.no-crypto-esm-handler-catches': 'About loading rt:https on a build without crypto: the module as a whole, before any export exists.',
  'https.load.no-crypto-esm-uncatchable-without-handler': 'About loading rt:https on a build without crypto: the module as a whole, before any export exists.',
  'https.load.no-crypto-dynamic-import-catchable': 'About loading rt:https on a build without crypto: the module as a whole, before any export exists.',
};

/**
 * Whether `ruleId` is one of the API's rules (an exact id, or under a `prefix.*` entry).
 * @example
 * apiCites(apiById('child_process.fork')!, 'child_process.fork.ipc-channel'); // true
 */
export function apiCites(api: Pick<Api, 'rules'>, ruleId: string): boolean {
  return api.rules.some((entry) => (entry.endsWith('.*') ? ruleId.startsWith(entry.slice(0, -1)) : entry === ruleId));
}

const byId = new Map(apis.map((api) => [api.id, api]));

export function apiById(id: string): Api | undefined {
  return byId.get(id);
}

/**
 * The ids of the APIs whose rules include `ruleId`, in catalogue order.
 * @example
 * apisOfRule('child_process.child-process.event-emitter'); // ['child_process.spawn', 'child_process.exec', 'child_process.execFile', 'child_process.fork']
 */
export function apisOfRule(ruleId: string, catalogue: readonly Api[] = apis): string[] {
  return catalogue.filter((api) => apiCites(api, ruleId)).map((api) => api.id);
}
