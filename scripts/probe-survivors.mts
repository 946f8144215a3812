// Probes the querystring mutants that survived an `rtconf mutate` run: each is built as the mutation engine builds it
// and called side by side with the unmutated reference on many generated calls whose meaning the spec defines (the
// inputs the cases may use: well-formed and malformed escapes, ASCII and non-ASCII text, the delimiters, maxKeys and
// custom coders of the spec; never '+', a literal non-ASCII character beside a malformed escape, or other things the
// spec leaves open). A mutant that answers one call differently prints DIFF with that call: a case could catch it, and
// the call shows how. One that answers every call alike prints SAME: no evidence that a case could tell it apart, and
// a candidate for a written equivalence reason (never a reason in itself). The mutants run in a child process that
// must answer each within a minute, so one that loops prints HANG and the rest go on in a new child.
//
//   node --import tsx scripts/probe-survivors.mts MUTATION_JSON [--calls N] [--seed N]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect, isDeepStrictEqual, parseArgs } from 'node:util';
import { buildCandidate } from '../mutation/build-candidate.js';
import { applyMutant, generateMutants } from '../mutation/generate-mutants.js';
import { readReferenceSources } from '../mutation/reference-sources.js';
import { LineFramer } from '../runners/agent/line-framer.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values, positionals } = parseArgs({ allowPositionals: true, options: { calls: { type: 'string', default: '3000' }, seed: { type: 'string', default: '1' }, ids: { type: 'string' } } });
const calls = Number(values.calls);
const seed = Number(values.seed);

interface SurvivorRecord {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly operator: string;
  readonly status: string;
}

type Module = Record<string, (...args: unknown[]) => unknown>;

/** A small seeded generator (the same calls for the same seed, on every mutant). */
function generator(start: number) {
  let state = start >>> 0 || 1;
  const next = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x100000000;
  };
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const LITERAL = ['x', 'Z', ' ', '-', '.', '~', '!', '*', 'xyz', 'z'.repeat(20), 'q'.repeat(9)];
const MALFORMED = ['%', '%x', '%Zz', '%4', '%%', '%G1', '%1G', '%/0', '%:0', '%0:', '%@A', '%A@', '%`a', '%a`', '%g0', '%0g'];
const WELL_FORMED = ['%00', '%41', '%7F', '%7e', '%25', '%26', '%3D', '%2B', '%2b', '%20', '%C2%80', '%DF%BF', '%E0%A0%80', '%ED%9F%BF', '%EE%80%80', '%EF%BF%BF', '%F0%90%80%80', '%F4%8F%BF%BF', '%c3%a9', '%E2%82%AC', '%F0%9F%98%80'];
const NON_ASCII = ['é', '😀', '☃', 'ÿ', '\u0100', '\u0800', '\u07ff'];
const DELIMITERS: readonly (readonly [string | undefined, string | undefined])[] = [[undefined, undefined], [undefined, undefined], ['&', '='], [';', ':'], ['&&', '=>'], ['|', undefined], [undefined, '@'], [',', '=='], ['#!#', ' is ']];
const TEXT = ['a', 'é', '😀', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', '\u{10000}', '\u{10ffff}', ' ', '&', '=', '+', '%', '~', 'Z9'];

/** The calls, each a function of the module it runs against (options naming the module's own coders need it). */
function makeCalls(count: number): { name: string; args: (module: Module) => unknown[] }[] {
  const { next, pick } = generator(seed);
  const part = (size: number, malformed: boolean): string => {
    let text = '';
    const pieces = 1 + Math.floor(next() * size);
    for (let i = 0; i < pieces; i++) text += next() < 0.45 ? pick(LITERAL) : next() < 0.8 || !malformed ? pick(WELL_FORMED) : pick(MALFORMED);
    return text;
  };
  const unicode = (size: number): string => {
    let text = '';
    const pieces = Math.floor(next() * size);
    for (let i = 0; i < pieces; i++) text += pick(TEXT);
    return text;
  };
  const value = (): unknown => pick<unknown>([unicode(5), unicode(30), 0, -1.5, 42, 1e21, 2 ** 60, 123n, -5n, true, false, NaN, Infinity, null, undefined, {}, unicode(3)]);
  const kinds: (() => { name: string; args: (module: Module) => unknown[] })[] = [
    () => {
      const [sep, eq] = pick(DELIMITERS);
      const malformed = next() < 0.5;
      const keys: string[] = [];
      const pairs: string[] = [];
      // Small budgets only on queries of distinct keys and no empty pairs: how duplicates and empty pairs count
      // against maxKeys is the host's reading, not the spec's.
      let plain = true;
      for (let i = 1 + Math.floor(next() * 6); i > 0; i--) {
        const repeat = next() < 0.3 && keys.length > 0;
        const key = repeat ? pick(keys) : part(next() < 0.7 ? 3 : 12, malformed);
        if (repeat || keys.includes(key) || key === '') plain = false;
        keys.push(key);
        // A key alone (no eq) a sixth of the time, and an empty pair now and then.
        const shape = next();
        if (shape < 0.08) {
          pairs.push('');
          plain = false;
        }
        pairs.push(shape < 0.25 ? key : `${key}${eq ?? '='}${next() < 0.1 ? '' : part(next() < 0.6 ? 3 : 14, malformed)}`);
      }
      const option = pick(['none', 'none', 'empty', 'zero', 'many', 'upper', 'builtin', 'own', 'zero-replace', ...(plain ? ['one', 'two'] : [])]);
      const query = pairs.join(sep ?? '&');
      return {
        name: 'parse',
        args: (module) => {
          const options: Record<string, unknown> | undefined = {
            none: undefined,
            empty: {},
            zero: { maxKeys: 0 },
            many: { maxKeys: 1000 },
            one: { maxKeys: 1 },
            two: { maxKeys: 2 },
            upper: { decodeURIComponent: (text: string) => text.toUpperCase() },
            // The built-in decoder throws on malformed escapes, which the spec leaves to the option.
            builtin: malformed ? undefined : { decodeURIComponent },
            own: { decodeURIComponent: module['unescape'] },
            'zero-replace': { maxKeys: 0, decodeURIComponent: (text: string) => text.replace(/%41/g, 'Z') },
          }[option];
          return [query, sep, eq, options];
        },
      };
    },
    () => {
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 5); i > 0; i--) {
        const entry = next() < 0.2 ? Array.from({ length: 1 + Math.floor(next() * 3) }, value) : value();
        Object.defineProperty(object, unicode(6) || 'k', { value: entry, enumerable: true, configurable: true, writable: true });
      }
      const [sep, eq] = pick(DELIMITERS);
      const strings = Object.values(object).every((entry) => typeof entry === 'string' || (Array.isArray(entry) && entry.every((item) => typeof item === 'string')));
      const option = pick(['none', 'empty', 'bracket', 'own']);
      return {
        name: 'stringify',
        args: (module) => [object, sep, eq, { none: undefined, empty: {}, bracket: strings ? { encodeURIComponent: (text: string) => `[${text}]` } : undefined, own: { encodeURIComponent: module['escape'] } }[option]],
      };
    },
    () => {
      const text = unicode(12);
      return { name: 'escape', args: () => [text] };
    },
    () => {
      const text = part(8, true);
      return { name: 'unescape', args: () => [text] };
    },
    () => {
      // Well-formed text with characters written as they are: the built-in decoder's result is the spec's.
      let text = '';
      for (let i = 1 + Math.floor(next() * 8); i > 0; i--) text += next() < 0.4 ? pick([...NON_ASCII, 'x', 'Z9', '~']) : pick(WELL_FORMED);
      return { name: 'unescape', args: () => [text] };
    },
    () => {
      let text = '';
      for (let i = 1 + Math.floor(next() * 12); i > 0; i--) text += next() < 0.4 ? pick([...NON_ASCII, 'x', 'Z9', '~', 'q'.repeat(17)]) : pick(WELL_FORMED.filter((escape) => !['%26', '%3D', '%2B', '%2b'].includes(escape)));
      const key = pick(['k', 'é', 'x%C3%A9']);
      return { name: 'parse', args: () => [`${key}=${text}&${text}=v`] };
    },
  ];
  return Array.from({ length: count }, (_, i) => (kinds[i % kinds.length] as () => { name: string; args: (module: Module) => unknown[] })());
}

/** A call's outcome as a comparable value. */
function outcome(run: () => unknown): unknown {
  try {
    const result = run();
    if (typeof result === 'object' && result !== null) return { prototype: Object.getPrototypeOf(result) === null ? null : 'object', entries: Object.entries(result) };
    return { value: result };
  } catch (error) {
    return { threw: (error as Error)?.name, code: (error as { code?: unknown })?.code, message: String((error as Error)?.message) };
  }
}

async function load(dir: string, override?: { file: string; text: string }): Promise<Module> {
  const sources = readReferenceSources(ROOT, ['querystring']);
  const build = await buildCandidate(sources, dir, { modules: ['querystring'], ...(override ? { override } : {}) });
  return ((await import(pathToFileURL(build.moduleFiles.querystring as string).href)) as { default: Module }).default;
}

/** Child mode: probe each mutant of `records` in turn and print one line for each, as soon as it is known. */
async function probeMany(records: readonly SurvivorRecord[]): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'rtconf-probe-'));
  try {
    const reference = await load(join(work, 'reference'));
    const texts = new Map<string, string>();
    const mutantsOf = new Map<string, ReturnType<typeof generateMutants>>();
    const all = makeCalls(calls);
    for (const record of records) {
      if (!texts.has(record.file)) {
        const text = readFileSync(join(ROOT, record.file), 'utf8');
        texts.set(record.file, text);
        mutantsOf.set(record.file, generateMutants(record.file, text));
      }
      const mutant = mutantsOf.get(record.file)?.find((candidate) => candidate.id === record.id);
      if (!mutant) {
        console.log(`${record.id} GONE (no mutant of the current reference has this id)`);
        continue;
      }
      const mutated = await load(join(work, record.id), { file: record.file, text: applyMutant(texts.get(record.file) as string, mutant) });
      let line = `${record.id} SAME ${calls}`;
      for (const call of all) {
        const expected = outcome(() => reference[call.name]?.(...call.args(reference)));
        const actual = outcome(() => mutated[call.name]?.(...call.args(mutated)));
        if (!isDeepStrictEqual(expected, actual)) {
          const show = (value: unknown): string => inspect(value, { breakLength: Infinity, depth: 4, maxStringLength: 120 });
          line = `${record.id} DIFF ${call.name}(${show(call.args(reference))}): reference ${show(expected)}, mutant ${show(actual)}`;
          break;
        }
      }
      console.log(line);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs the children: one probes the survivors in turn; when it falls silent for a minute, the mutant it was on loops
 * (HANG), the child is killed, and a new one goes on with the rest.
 */
async function probeAll(records: readonly SurvivorRecord[]): Promise<Map<string, string>> {
  const lines = new Map<string, string>();
  let pending = [...records];
  while (pending.length > 0) {
    const ids = pending.map((record) => record.id).join(',');
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file as string, '--ids', ids, '--calls', String(calls), '--seed', String(seed)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const framer = new LineFramer(1 << 20);
    let silent: NodeJS.Timeout | undefined;
    const quiet = (): void => {
      clearTimeout(silent);
      silent = setTimeout(() => child.kill('SIGKILL'), 60_000);
    };
    quiet();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      for (const line of framer.push(chunk).lines) {
        lines.set(line.split(' ')[0] as string, line);
        quiet();
      }
    });
    await once(child, 'close');
    clearTimeout(silent);
    pending = pending.filter((record) => !lines.has(record.id));
    const stuck = pending.shift();
    if (stuck) lines.set(stuck.id, `${stuck.id} HANG (no answer within 60 s)`);
  }
  return lines;
}

const file = positionals[0];
if (!file) {
  console.error('usage: node --import tsx scripts/probe-survivors.mts MUTATION_JSON [--calls N] [--seed N]');
  process.exit(2);
}
const survivors = (JSON.parse(readFileSync(file, 'utf8')) as { mutants: SurvivorRecord[] }).mutants.filter((record) => record.status === 'survived' && record.file.includes('/querystring'));
if (values.ids !== undefined) {
  const wanted = new Set(values.ids.split(','));
  await probeMany(survivors.filter((record) => wanted.has(record.id)));
} else {
  const lines = await probeAll(survivors);
  const counts = { DIFF: 0, SAME: 0, HANG: 0, GONE: 0 };
  for (const record of survivors) {
    const line = lines.get(record.id) ?? `${record.id} HANG`;
    const verdict = line.split(' ')[1] as keyof typeof counts;
    counts[verdict in counts ? verdict : 'HANG']++;
    console.log(`${record.file}:${record.line} ${record.operator} ${line}`);
  }
  console.log(`${survivors.length} querystring survivor(s): ${counts.DIFF} differ on some call, ${counts.SAME} answer all ${calls} calls alike, ${counts.HANG} hang, ${counts.GONE} gone`);
}
