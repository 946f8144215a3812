// The hand-maintained classification of the differences Node's core tests find between the host and a runtime
// (scripts/oracle/classification.json): its shape, and its reading and checking at the boundary, so that the oracle
// and the tests judge one validated value. Every entry is read by hand against the test and its failure.
import { caseById } from '../../conformance/registry.js';
import { readJsonFile } from '../../io/read-json-file.js';
import { RUNTIME_NAMES, type RuntimeName } from '../../results/candidate-spec.js';
import { ruleById } from '../../spec/index.js';

/**
 * What a difference is, for the spec:
 * - `covered`: a normative rule of the spec (`rules`) says what the host does, and the runtime breaks it;
 * - `spec-silent`: the spec does not speak of the behaviour that differs (the reason says what it is);
 * - `harness-only`: the test depends on something of Node's own the runtime cannot have (internal modules, flags,
 *   private properties, `common` helpers): the reason says which.
 */
export const DIFFERENCE_CLASSES = ['covered', 'spec-silent', 'harness-only'] as const;
export type DifferenceClass = (typeof DIFFERENCE_CLASSES)[number];

/** One classified difference of one test file on one runtime: the whole file, or one assertion of it (`match`). */
export interface ClassificationEntry {
  readonly class: DifferenceClass;
  /**
   * A regular expression (its source) the runtime's output must match for this entry to apply, so that an entry
   * classifies the failure it was read against and no other: a file that starts failing elsewhere is unclassified
   * until someone reads it. Absent: any failure of the file (allowed only for a file with one entry).
   */
  readonly match?: string;
  /** `covered` only: the normative rules whose statement the runtime breaks. */
  readonly rules?: readonly string[];
  /**
   * `covered` only, optional: the cases that observe this very behaviour (checked by hand). When given, only a failure
   * of one of them counts as catching the difference; otherwise any failing case citing one of `rules` does.
   */
  readonly cases?: readonly string[];
  /**
   * The difference does not show on every run (a race the runtime loses only sometimes; the reason says which): an
   * intermittent entry is not stale when its file passes or its failure is absent.
   */
  readonly intermittent?: true;
  /** What differs and why it is classified so, in a sentence or two. */
  readonly reason: string;
}

/** runtime name → test file (`parallel/test-….js`) → its entries. */
export type Classification = ReadonlyMap<RuntimeName, ReadonlyMap<string, readonly ClassificationEntry[]>>;

/** A classification file that cannot be used: every problem found, one line each. */
export class ClassificationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ClassificationError';
  }
}

const FILE_KEY = /^parallel\/test-(querystring|child-process|https)[\w.-]*\.(c|m)?js$/;
const ENTRY_KEYS = new Set(['class', 'match', 'rules', 'cases', 'intermittent', 'reason']);
const MIN_REASON = 20;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Checks parsed JSON as a classification: runtime names, file names, each entry's class and reason, a `match` that
 * compiles (and one on every entry of a file with several), `rules` that name normative rules of the catalogue and
 * `cases` that name cases citing one of them, on covered entries only. Keys starting with `$` are comments.
 *
 * @throws ClassificationError listing every problem, each prefixed by `source`
 */
export function validateClassification(data: unknown, source = 'classification'): Classification {
  const problems: string[] = [];
  const result = new Map<RuntimeName, Map<string, ClassificationEntry[]>>();
  if (!isObject(data)) throw new ClassificationError([`${source}: expected an object of runtimes`]);
  for (const [runtime, files] of Object.entries(data)) {
    if (runtime.startsWith('$')) continue;
    if (!(RUNTIME_NAMES as readonly string[]).includes(runtime)) {
      problems.push(`${source}: ${JSON.stringify(runtime)} is not a runtime (${RUNTIME_NAMES.join(', ')})`);
      continue;
    }
    if (!isObject(files)) {
      problems.push(`${source}: ${runtime}: expected an object of test files`);
      continue;
    }
    const byFile = new Map<string, ClassificationEntry[]>();
    for (const [file, entries] of Object.entries(files)) {
      if (file.startsWith('$')) continue;
      const where = `${source}: ${runtime} ${file}`;
      if (!FILE_KEY.test(file)) problems.push(`${where}: not a test file of the three modules (parallel/test-….js)`);
      if (!Array.isArray(entries) || entries.length === 0) {
        problems.push(`${where}: expected a non-empty array of entries`);
        continue;
      }
      const checked = entries.map((entry, index) => checkEntry(entry, `${where} [${index}]`, entries.length > 1, problems));
      byFile.set(file, checked.filter((entry): entry is ClassificationEntry => entry !== undefined));
    }
    result.set(runtime as RuntimeName, byFile);
  }
  if (problems.length > 0) throw new ClassificationError(problems);
  return result;
}

function checkEntry(entry: unknown, where: string, several: boolean, problems: string[]): ClassificationEntry | undefined {
  if (!isObject(entry)) {
    problems.push(`${where}: expected an object`);
    return undefined;
  }
  const before = problems.length;
  const unknownKey = Object.keys(entry).find((key) => !ENTRY_KEYS.has(key));
  if (unknownKey !== undefined) problems.push(`${where}: unknown field ${JSON.stringify(unknownKey)}`);
  const kind = entry.class;
  if (typeof kind !== 'string' || !(DIFFERENCE_CLASSES as readonly string[]).includes(kind)) {
    problems.push(`${where}: class must be one of ${DIFFERENCE_CLASSES.join(', ')}`);
  }
  if (typeof entry.reason !== 'string' || entry.reason.trim().length < MIN_REASON) problems.push(`${where}: the reason says too little (${MIN_REASON} characters at least)`);
  if (entry.match !== undefined) {
    if (typeof entry.match !== 'string' || entry.match === '') problems.push(`${where}: match must be a non-empty regular expression`);
    else {
      try {
        new RegExp(entry.match);
      } catch (error) {
        problems.push(`${where}: match is not a regular expression (${error instanceof Error ? error.message : String(error)})`);
      }
    }
  } else if (several) {
    problems.push(`${where}: a file with several entries needs a match on each, to tell which failure each classifies`);
  }
  if (kind === 'covered') {
    if (!isStringArray(entry.rules) || entry.rules.length === 0) problems.push(`${where}: a covered difference names the rules it breaks`);
    else {
      for (const id of entry.rules) {
        const rule = ruleById(id);
        if (!rule) problems.push(`${where}: ${id} is not a rule of spec/`);
        else if (rule.level !== 'normative') problems.push(`${where}: ${id} is ${rule.level}, not a normative rule`);
      }
    }
    if (entry.cases !== undefined) {
      if (!isStringArray(entry.cases) || entry.cases.length === 0) problems.push(`${where}: cases must be a non-empty array of case ids`);
      else {
        const rules = isStringArray(entry.rules) ? entry.rules : [];
        for (const id of entry.cases) {
          const found = caseById(id);
          if (!found) problems.push(`${where}: ${id} is not a case of conformance/`);
          else if (!found.rules.some((rule) => rules.includes(rule))) problems.push(`${where}: case ${id} cites none of the entry's rules`);
        }
      }
    }
  } else {
    if (entry.rules !== undefined) problems.push(`${where}: only a covered difference names rules`);
    if (entry.cases !== undefined) problems.push(`${where}: only a covered difference names cases`);
  }
  if (entry.intermittent !== undefined && entry.intermittent !== true) problems.push(`${where}: intermittent is true or absent`);
  if (problems.length > before) return undefined;
  return {
    class: kind as DifferenceClass,
    ...(typeof entry.match === 'string' ? { match: entry.match } : {}),
    ...(isStringArray(entry.rules) ? { rules: entry.rules } : {}),
    ...(isStringArray(entry.cases) ? { cases: entry.cases } : {}),
    ...(entry.intermittent === true ? { intermittent: true as const } : {}),
    reason: (entry.reason as string).trim(),
  };
}

/** Reads and checks a classification file. @throws ClassificationError (a missing or malformed file included) */
export async function readClassification(file: string): Promise<Classification> {
  const data = await readJsonFile(file, (message) => new ClassificationError([message]));
  return validateClassification(data, file);
}
