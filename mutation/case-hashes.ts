// The code of each case, as a hash, for `rtconf mutate --incremental`: a case whose hash changed re-runs the mutants it
// covers. A case's code is its own entry in its module's file (the array element whose id literal names it), the rest
// of that file (helpers several cases share), the files under conformance/ it imports, and the fixture scripts its
// file names. An id no literal names falls back on the whole file of its module folder that could define it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript5';
import type { CaseMeta } from '../conformance/case.js';
import { reachableFiles, toPosix } from './reference-sources.js';

/** Bump when what a case hash covers changes: every case then counts as changed once. */
const CASE_HASH_FORMAT = 1;

/** One case entry found in a file: the literal its id is matched against, and the text of the entry. */
interface Entry {
  readonly matches: (id: string) => boolean;
  readonly start: number;
  readonly end: number;
}

/** What one case file holds for hashing. */
interface CaseFile {
  readonly path: string;
  readonly text: string;
  readonly entries: readonly Entry[];
  /** The file with every entry blanked out: what all its cases share. */
  readonly shared: string;
}

/**
 * A hash of each case's code, by case id.
 * @param root the package root holding conformance/
 * @example
 * caseHashes(root, selectCases({ modules: ['querystring'] })).get('querystring.parse.repeated-keys-in-order');
 */
export function caseHashes(root: string, cases: readonly CaseMeta[]): Map<string, string> {
  const conformance = join(root, 'conformance');
  const fixtures = fixtureFiles(join(conformance, 'fixtures'));
  const files = new Map<string, CaseFile[]>();
  const filesOf = (module: string): CaseFile[] => {
    let list = files.get(module);
    if (!list) files.set(module, (list = readCaseFiles(join(conformance, module))));
    return list;
  };
  const closures = new Map<string, string>();
  const closureOf = (file: CaseFile): string => {
    let text = closures.get(file.path);
    if (text === undefined) {
      const hash = createHash('sha256');
      for (const path of reachableFiles(file.path).filter((path) => path !== file.path && isUnder(conformance, path) && !isUnder(join(conformance, 'fixtures'), path))) {
        hash.update(`${toPosix(relative(root, path))}\0${readFileSync(path, 'utf8')}\0`);
      }
      for (const [name, path] of fixtures) if (file.text.includes(name)) hash.update(`${toPosix(relative(root, path))}\0${readFileSync(path)}\0`);
      closures.set(file.path, (text = hash.digest('hex')));
    }
    return text;
  };
  const hashes = new Map<string, string>();
  for (const meta of cases) {
    const hash = createHash('sha256').update(`${CASE_HASH_FORMAT}\0${meta.id}\0`);
    const candidates = filesOf(meta.module);
    const defining = candidates.filter((file) => file.entries.some((entry) => entry.matches(meta.id)));
    // No literal names it: every file that could define it counts.
    for (const file of defining.length > 0 ? defining : candidates) {
      const own = defining.length > 0 ? file.entries.filter((entry) => entry.matches(meta.id)) : [{ start: 0, end: file.text.length }];
      hash.update(`${toPosix(relative(root, file.path))}\0${file.shared}\0${closureOf(file)}\0`);
      for (const entry of own) hash.update(`${file.text.slice(entry.start, entry.end)}\0`);
    }
    hashes.set(meta.id, hash.digest('hex').slice(0, 32));
  }
  return hashes;
}

function isUnder(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..');
}

/** Every fixture file by its base name (the name a case passes to `ctx.fixtures.path`). */
function fixtureFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (at: string): void => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(basename(path), path);
    }
  };
  walk(dir);
  return found;
}

/** The TypeScript files of one module's case folder, each with its case entries. */
function readCaseFiles(dir: string): CaseFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      const text = readFileSync(path, 'utf8');
      const entries = caseEntries(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
      let shared = '';
      let at = 0;
      for (const entry of [...entries].sort((a, b) => a.start - b.start)) {
        if (entry.start < at) continue;
        shared += text.slice(at, entry.start);
        at = entry.end;
      }
      shared += text.slice(at);
      return { path, text, entries, shared };
    });
}

/**
 * The entries of a file: each string or template literal that looks like a case id (`module.topic.behaviour`), with
 * the array element around it (an entry of `defineCases`, or an element of an array a helper maps to entries).
 */
function caseEntries(sourceFile: ts.SourceFile): Entry[] {
  const entries: Entry[] = [];
  const visit = (node: ts.Node): void => {
    const matches = idMatcherOf(node);
    if (matches) {
      const element = arrayElementAround(node);
      if (element) entries.push({ matches, start: element.getStart(sourceFile), end: element.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return entries;
}

const ID_SHAPE = /^(querystring|child_process|https)\.[^\s]+\.[^\s]+$/;

/** For a literal that can be a case id, a test of whether it names a given id (a template's holes match anything). */
function idMatcherOf(node: ts.Node): ((id: string) => boolean) | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    const text = node.text;
    return ID_SHAPE.test(text) ? (id) => id === text : undefined;
  }
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    if (!/^(querystring|child_process|https)\./.test(parts[0] ?? '')) return undefined;
    const pattern = new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`);
    return (id) => pattern.test(id);
  }
  return undefined;
}

/** The nearest ancestor of `node` (or itself) that is an element of an array literal. */
function arrayElementAround(node: ts.Node): ts.Node | undefined {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    if (ts.isArrayLiteralExpression(at.parent)) return at;
  }
  return undefined;
}
