// The candidate-spec grammar: what `--candidate` takes and what results.json records as a candidate's id, parsed once
// into one tagged union that every verb, runner and report takes. Pure and browser-safe (no Node imports): reports
// read ids with it, and runners/candidates/ resolves each kind of the union (one file per kind).
//
//   reference                                  our reference implementation, in process
//   host                                       the harness's own Node's builtins
//   ./adapter.mjs  /abs/a.mjs  a.cjs           an adapter module, by path
//   npm:PACKAGE[=MODULE]                       an npm package implementing one module
//   runtime:NAME[@RANGE]                       node, bun or deno from the npm registry (RANGE: a semver version or
//                                              range, or `latest`; absent: the newest release)
//   runtime:/path/to/binary[,OPTION...]        a local build of node, bun, deno, workerd or bare, told apart by what
//                                              the binary says it is; workerd takes date= and flags=, bare layer=
//   runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG[+FLAG]...]
//                                              Cloudflare's workerd from the npm registry, its Worker run with that
//                                              compatibility date (absent: the release's own) and these compatibility
//                                              flags besides nodejs_compat (always on)
//   runtime:bare[@RANGE][,layer=RANGE]         Holepunch's Bare from the npm registry, reaching Node's API through its
//                                              compatibility layer bare-node-runtime (absent: the recorded version)
//   chromium:./adapter.mjs  chromium:npm:PACKAGE[=MODULE]
//                                              an adapter or npm package bundled for the browser, in headless Chromium
//
// Every form is a single shell word without quoting (`,` `=` `+` `@` `:` are plain characters in POSIX shells), except
// semver ranges with spaces or `<`/`>`, which need quotes as they always did. `formatCandidateSpec` writes the
// canonical text, which is the candidate's id (except an adapter's, `adapter:NAME`, named by what it declares): a
// range is kept as written (`22` and `22.x` are two ids, as they always were), workerd's options are written in one
// order with the flags sorted, so two spellings of one workerd candidate are one id and two dates are two. A local
// build's options are written in the same order (date, flags, layer).
import { validRange } from 'semver';
import { MODULES, type ModuleName } from '../spec/rule.js';

/** The runtimes whose agent runs as a process and talks over the loopback channel (runners/runtimes/). */
export const RUNTIME_NAMES = ['node', 'bun', 'deno'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];

export interface ReferenceSpec {
  readonly kind: 'reference';
}

export interface HostSpec {
  readonly kind: 'host';
}

/** An adapter module, by its path as given (relative to the working directory). */
export interface AdapterSpec {
  readonly kind: 'adapter';
  readonly path: string;
}

/** An npm package implementing one module; `module` names it when the package's exports do not tell. */
export interface NpmSpec {
  readonly kind: 'npm';
  readonly packageName: string;
  readonly module?: ModuleName;
}

/** A process runtime's own builtins: a release from the npm registry, or a local binary. */
export type RuntimeSpec =
  | {
      readonly kind: 'runtime';
      readonly from: 'registry';
      readonly runtime: RuntimeName;
      /** A semver version or range, or `latest`, as written; absent: the newest release (as `latest`). */
      readonly range?: string;
    }
  | ({ readonly kind: 'runtime'; readonly from: 'path'; readonly path: string } & LocalBuildOptions);

/**
 * What a local build's spec may add after its path: workerd's compatibility settings, Bare's layer. The grammar cannot
 * tell which runtime a binary is (that takes running it), so it keeps what was written, and the runner refuses an
 * option that is not the detected runtime's.
 */
export interface LocalBuildOptions {
  /** `date=YYYY-MM-DD`, for a workerd binary. */
  readonly compatibilityDate?: string;
  /** `flags=a+b`, for a workerd binary: sorted, each once; absent when none were given. */
  readonly compatibilityFlags?: readonly string[];
  /** `layer=RANGE`, for a Bare binary: the version or range of bare-node-runtime. */
  readonly layer?: string;
}

/** Cloudflare's workerd: a release from the npm registry, its Worker run with a compatibility date and flags. */
export interface WorkerdSpec {
  readonly kind: 'workerd';
  /** As for `runtime:`: a semver version or range, or `latest`, as written; absent: the newest release. */
  readonly range?: string;
  /** `YYYY-MM-DD`; absent: the release's own date. */
  readonly compatibilityDate?: string;
  /** Compatibility flags besides `nodejs_compat` (always on), sorted, each once. */
  readonly compatibilityFlags: readonly string[];
}

/** Holepunch's Bare: a release from the npm registry, reaching Node's API through its compatibility layer. */
export interface BareSpec {
  readonly kind: 'bare';
  /** As for `runtime:`: a semver version or range, or `latest`, as written; absent: the newest release. */
  readonly range?: string;
  /** The version or range of the layer (bare-node-runtime), as written; absent: the version rtconf records. */
  readonly layer?: string;
}

/** An adapter or npm package bundled for the browser and run in a page of headless Chromium. */
export interface ChromiumSpec {
  readonly kind: 'chromium';
  readonly target: AdapterSpec | NpmSpec;
}

export type CandidateSpec = ReferenceSpec | HostSpec | AdapterSpec | NpmSpec | RuntimeSpec | WorkerdSpec | BareSpec | ChromiumSpec;

/** The tag of each kind of candidate: one file each under runners/candidates/. */
export type CandidateSpecKind = CandidateSpec['kind'];

/** A candidate spec or id could not be used: bad usage or bad input, exit 2 with the one-line message. */
export class CandidateError extends Error {
  override readonly name = 'CandidateError';
  readonly code = 'ERR_RTCONF_CANDIDATE';
}

/** The forms `--candidate` takes, for the message that refuses an unknown one. */
const FORMS = 'reference, host, a path to an adapter module (./adapter.mjs), npm:<package>, runtime:<name>@<version>, runtime:/path/to/binary or chromium:<adapter or npm:package>';
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;
const ADAPTER_PATH = /^(\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])/;
const ADAPTER_EXTENSION = /\.(m?js|cjs|mts|ts)$/;
const RUNTIME_PATH = /^(\.{1,2}[\\/]|[\\/]|~[\\/]|[A-Za-z]:[\\/])/;
/** The runtime name of Cloudflare's workerd, which runs and the dashboard know it by. */
export const WORKERD = 'workerd';
/** The runtime name of Holepunch's Bare. */
export const BARE = 'bare';
/** The options a spec may give after its runtime, in the order the canonical text writes them. */
const OPTION_KEYS = ['date', 'flags', 'layer'] as const;
type OptionKey = (typeof OPTION_KEYS)[number];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FLAG = /^[a-z][a-z0-9_]*$/;
/**
 * The flag that gives a Worker Node's modules, which the interface is: always on for a workerd candidate, so listing it
 * would give one candidate two ids.
 */
export const ALWAYS_ON_FLAG = 'nodejs_compat';
/** A spec is echoed in its error message; this much of it is enough to recognise. */
const SHOWN_CHARS = 200;

/**
 * True when `text` names an adapter module by path: it starts like a path (`./`, `../`, `/`, `C:\`) or ends in a
 * module extension (`adapter.mjs`).
 * @example
 * isAdapterPath('./my-adapter.mjs'); // true
 * isAdapterPath('npm:querystring-es3'); // false
 */
export function isAdapterPath(text: string): boolean {
  return ADAPTER_PATH.test(text) || ADAPTER_EXTENSION.test(text);
}

/**
 * Parses a candidate spec (or a recorded candidate id other than an adapter's `adapter:NAME`).
 * @param text what `--candidate` was given, or `runs[].candidate.id` of a results file
 * @returns the spec as one tagged union
 * @throws CandidateError (exit 2) with a one-line message naming the spec and what is wrong with it
 * @example
 * parseCandidateSpec('runtime:node@22'); // { kind: 'runtime', from: 'registry', runtime: 'node', range: '22' }
 * parseCandidateSpec('runtime:workerd@1,date=2025-04-01,flags=nodejs_compat_v2');
 * // { kind: 'workerd', range: '1', compatibilityDate: '2025-04-01', compatibilityFlags: ['nodejs_compat_v2'] }
 * parseCandidateSpec('chromium:npm:querystring-es3'); // { kind: 'chromium', target: { kind: 'npm', packageName: 'querystring-es3' } }
 */
export function parseCandidateSpec(text: string): CandidateSpec {
  // One line per error: a spec with a newline in it is refused before it is echoed anywhere.
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new CandidateError(`candidate ${JSON.stringify(shown(text))}: contains a control character`);
  if (text.trim() === '') throw new CandidateError(`empty candidate: expected ${FORMS}`);
  if (text === 'reference' || text === 'host') return { kind: text };
  if (text.startsWith('npm:')) return parseNpm(text, text.slice('npm:'.length));
  if (text.startsWith('runtime:')) return parseRuntime(text, text.slice('runtime:'.length));
  if (text.startsWith('chromium:')) return parseChromium(text, text.slice('chromium:'.length));
  if (text.startsWith('adapter:')) {
    throw new CandidateError(`candidate ${shown(text)}: that is how results name an adapter (by its declared name); run an adapter by its path, e.g. ./my-adapter.mjs`);
  }
  if (isAdapterPath(text)) return { kind: 'adapter', path: text };
  throw new CandidateError(`unknown candidate "${shown(text)}": expected ${FORMS}`);
}

/**
 * Writes a spec as its canonical text, the candidate's id (an adapter's id is `adapter:NAME` instead; see `adapterId`).
 * `parseCandidateSpec(formatCandidateSpec(spec))` gives `spec` back.
 * @example
 * formatCandidateSpec({ kind: 'workerd', compatibilityDate: '2025-04-01', compatibilityFlags: ['b', 'a'] });
 * // 'runtime:workerd,date=2025-04-01,flags=a+b'
 */
export function formatCandidateSpec(spec: CandidateSpec): string {
  switch (spec.kind) {
    case 'reference':
    case 'host':
      return spec.kind;
    case 'adapter':
      return spec.path;
    case 'npm':
      return `npm:${spec.packageName}${spec.module ? `=${spec.module}` : ''}`;
    case 'runtime':
      return spec.from === 'path' ? `runtime:${spec.path}${optionsText(spec)}` : `runtime:${spec.runtime}${atRange(spec.range)}`;
    case 'workerd':
      return `runtime:${WORKERD}${atRange(spec.range)}${optionsText(spec)}`;
    case 'bare':
      return `runtime:${BARE}${atRange(spec.range)}${optionsText(spec)}`;
    case 'chromium':
      return `chromium:${formatCandidateSpec(spec.target)}`;
  }
}

/**
 * An adapter's id: its declared name, so expectations and baselines match however its path is typed.
 * @example
 * adapterId('my-qs'); // 'adapter:my-qs'
 */
export function adapterId(name: string): string {
  return `adapter:${name}`;
}

/**
 * The same candidate at one exact release, for a spec that names releases by a range (a registry runtime or workerd):
 * what a replay runs so that it runs the version a column shows. Undefined for every other kind.
 * @example
 * formatCandidateSpec(pinRelease(parseCandidateSpec('runtime:node@22'), '22.23.3')!); // 'runtime:node@22.23.3'
 */
export function pinRelease(spec: CandidateSpec, version: string): CandidateSpec | undefined {
  if ((spec.kind === 'runtime' && spec.from === 'registry') || spec.kind === 'workerd' || spec.kind === 'bare') return { ...spec, range: version };
  return undefined;
}

function atRange(range: string | undefined): string {
  return range === undefined ? '' : `@${range}`;
}

/** `,date=…,flags=…,layer=…`, each only when given, flags sorted and once each. */
function optionsText(options: LocalBuildOptions): string {
  const flags = canonicalFlags(options.compatibilityFlags ?? []);
  const date = options.compatibilityDate === undefined ? '' : `,date=${options.compatibilityDate}`;
  const layer = options.layer === undefined ? '' : `,layer=${options.layer}`;
  return `${date}${flags.length > 0 ? `,flags=${flags.join('+')}` : ''}${layer}`;
}

function shown(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

function parseNpm(text: string, body: string): NpmSpec {
  const parts = body.split('=');
  const [packageName = '', module] = parts;
  if (parts.length > 2) throw new CandidateError(`candidate ${shown(text)}: expected npm:<package>[=<module>], with one "="`);
  if (!PACKAGE_NAME.test(packageName)) throw new CandidateError(`candidate ${shown(text)}: "${packageName}" is not an npm package name`);
  if (module !== undefined && !(MODULES as readonly string[]).includes(module)) {
    throw new CandidateError(`candidate ${shown(text)}: unknown module "${module}" (expected ${MODULES.join(', ')})`);
  }
  return { kind: 'npm', packageName, ...(module !== undefined ? { module: module as ModuleName } : {}) };
}

function parseRuntime(text: string, body: string): RuntimeSpec | WorkerdSpec | BareSpec {
  if (RUNTIME_PATH.test(body)) return parseLocalBuild(text, body);
  const [head = '', ...options] = body.split(',');
  const match = /^([a-z]+)(?:@(.+))?$/.exec(head);
  const runtime = match?.[1];
  const names: readonly string[] = [...RUNTIME_NAMES, WORKERD, BARE];
  if (!match || runtime === undefined || !names.includes(runtime)) {
    throw new CandidateError(`candidate ${shown(text)}: expected runtime:<${names.join('|')}>[@<version or range>] or runtime:/path/to/binary`);
  }
  const range = match[2];
  if (range !== undefined && !isRange(range)) {
    throw new CandidateError(`candidate ${shown(text)}: "${range}" is not a version or version range (e.g. 22, 22.7.0, ^20.11)`);
  }
  const at = range !== undefined ? { range } : {};
  if (runtime === WORKERD) {
    const { compatibilityDate, compatibilityFlags = [] } = parseOptions(text, options, ['date', 'flags'], WORKERD_USAGE);
    return { kind: 'workerd', ...at, ...(compatibilityDate !== undefined ? { compatibilityDate } : {}), compatibilityFlags };
  }
  if (runtime === BARE) return { kind: 'bare', ...at, ...parseOptions(text, options, ['layer'], BARE_USAGE) };
  if (options.length > 0) throw new CandidateError(`candidate ${shown(text)}: runtime:${runtime} takes no options (date= and flags= are workerd's, layer= is bare's)`);
  return { kind: 'runtime', from: 'registry', runtime: runtime as RuntimeName, ...at };
}

const WORKERD_USAGE = 'expected runtime:workerd[@<range>][,date=YYYY-MM-DD][,flags=<flag>[+<flag>]...]';
const BARE_USAGE = 'expected runtime:bare[@<range>][,layer=<range of bare-node-runtime>]';
const PATH_USAGE = 'expected runtime:/path/to/binary, with date= and flags= for workerd or layer= for bare';

/**
 * `runtime:/path/to/binary[,key=value]...`: the options are the trailing comma-separated parts that read as one of
 * ours (`date=`, `flags=`, `layer=`), so a path with a comma in it stays a path.
 */
function parseLocalBuild(text: string, body: string): RuntimeSpec {
  const parts = body.split(',');
  let first = parts.length;
  while (first > 1 && /^[a-z]+=/.test(parts[first - 1] ?? '') && (OPTION_KEYS as readonly string[]).includes((parts[first - 1] ?? '').split('=')[0] ?? '')) first--;
  const path = parts.slice(0, first).join(',');
  const options = parseOptions(text, parts.slice(first), OPTION_KEYS, PATH_USAGE);
  return { kind: 'runtime', from: 'path', path, ...options };
}

function isRange(range: string): boolean {
  // semver reads '' as '*': an empty value is not a range written.
  return range === 'latest' || (range.trim() !== '' && validRange(range) !== null);
}

/** `date=YYYY-MM-DD`, `flags=a+b` and `layer=RANGE`, those of `allowed` only, each at most once, in any order. */
function parseOptions(text: string, options: readonly string[], allowed: readonly OptionKey[], usage: string): LocalBuildOptions {
  const seen = new Set<string>();
  let compatibilityDate: string | undefined;
  let compatibilityFlags: string[] | undefined;
  let layer: string | undefined;
  for (const option of options) {
    const equals = option.indexOf('=');
    const key = equals < 0 ? option : option.slice(0, equals);
    const value = equals < 0 ? '' : option.slice(equals + 1);
    if (!(allowed as readonly string[]).includes(key)) throw new CandidateError(`candidate ${shown(text)}: unknown option "${key}" (${usage})`);
    if (seen.has(key)) throw new CandidateError(`candidate ${shown(text)}: ${key}= given twice`);
    seen.add(key);
    if (key === 'date') {
      if (!isCalendarDate(value)) throw new CandidateError(`candidate ${shown(text)}: date "${value}" is not a date YYYY-MM-DD (e.g. 2025-04-01)`);
      compatibilityDate = value;
      continue;
    }
    if (key === 'layer') {
      if (!isRange(value)) throw new CandidateError(`candidate ${shown(text)}: layer "${value}" is not a version or version range of bare-node-runtime (e.g. 1.5.0, 1)`);
      layer = value;
      continue;
    }
    const flags = value.split('+');
    const bad = flags.find((flag) => !FLAG.test(flag));
    if (bad !== undefined) throw new CandidateError(`candidate ${shown(text)}: "${bad}" is not a compatibility flag (lower-case words joined by _, flags joined by +)`);
    if (flags.includes(ALWAYS_ON_FLAG)) throw new CandidateError(`candidate ${shown(text)}: ${ALWAYS_ON_FLAG} is always on; flags= lists the flags besides it`);
    compatibilityFlags = canonicalFlags(flags);
  }
  return {
    ...(compatibilityDate !== undefined ? { compatibilityDate } : {}),
    ...(compatibilityFlags !== undefined ? { compatibilityFlags } : {}),
    ...(layer !== undefined ? { layer } : {}),
  };
}

function canonicalFlags(flags: readonly string[]): string[] {
  return [...new Set(flags)].sort();
}

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseChromium(text: string, body: string): ChromiumSpec {
  if (body.startsWith('npm:')) return { kind: 'chromium', target: parseNpm(text, body.slice('npm:'.length)) };
  if (body.startsWith('adapter:')) {
    throw new CandidateError(`candidate ${shown(text)}: that is how results name an adapter run in Chromium (by its declared name); run it by its path, e.g. chromium:./my-adapter.mjs`);
  }
  if (isAdapterPath(body)) return { kind: 'chromium', target: { kind: 'adapter', path: body } };
  throw new CandidateError(`candidate ${shown(text)}: expected chromium:./adapter.mjs or chromium:npm:<package>[=<module>]`);
}
