// Reads the `@rules` tags of the reference's doc comments (issue 23: rule → case → code must be walkable both ways)
// and checks them against the rule catalogue. Sources are read as text, never imported, so a tag is found where a
// reader finds it: in the doc comment of the declaration it sits on.
import ts from 'typescript5';
import type { Rule } from '../../spec/rule.js';

/** One `@rules` tag: where it is, the declaration it documents, and what it names (ids or `prefix.*` patterns). */
export interface Citation {
  readonly file: string;
  /** 1-based line of the tag. */
  readonly line: number;
  /** The documented declaration, qualified by its class or object when it has one (`Agent.createConnection`). */
  readonly declaration: string;
  readonly entries: readonly string[];
}

/** What `collectCitations` found in one source text. */
export interface CollectedCitations {
  readonly citations: readonly Citation[];
  /** `file:line` of each `@rules` that is not a tag of a doc comment on a declaration (so no reader would find it). */
  readonly stray: readonly string[];
}

/** What `checkCitations` found wrong; every list is empty when the citations and the catalogue agree. */
export interface CitationReport {
  /** `file:line declaration: entry — reason` for each entry that is malformed or names no rule of the catalogue. */
  readonly unknown: readonly string[];
  /** Normative rules (not retired) that no entry names. */
  readonly uncited: readonly string[];
  /** Rule ids named exactly, and rule ids reached only through a pattern. */
  readonly citedExactly: ReadonlySet<string>;
  readonly citedByPattern: ReadonlySet<string>;
}

const TAG = 'rules';
/** An exact id (`module.part.name`) or a pattern ending at a dot boundary (`module.part.*`). */
const ENTRY_SHAPE = /^[a-z_]+(?:\.[a-z0-9_-]+)*(?:\.\*)?$/;

/**
 * The `@rules` tags of one TypeScript source. Entries are separated by commas or white space; a tag ends where the
 * comment or the next tag does.
 * @example
 * collectCitations('a.ts', '/** @rules querystring.escape.* *\/\nexport function escape() {}').citations[0]?.entries; // ['querystring.escape.*']
 */
export function collectCitations(file: string, text: string): CollectedCitations {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const byPosition = new Map<number, Citation>();
  const visit = (node: ts.Node): void => {
    for (const tag of ts.getJSDocTags(node)) {
      // A tag is reported on the outermost node it documents (a `const` statement before its declaration); the walk
      // is top-down, so the first sighting is that node.
      if (tag.tagName.text !== TAG || byPosition.has(tag.pos)) continue;
      const comment = ts.getTextOfJSDocComment(tag.comment) ?? '';
      byPosition.set(tag.pos, {
        file,
        line: source.getLineAndCharacterOfPosition(tag.tagName.getStart(source)).line + 1,
        declaration: declarationName(node),
        entries: comment.split(/[\s,]+/).filter((entry) => entry.length > 0),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  const tagged = new Set([...byPosition.values()].map((citation) => citation.line));
  const stray: string[] = [];
  for (const match of text.matchAll(/@rules\b/g)) {
    const line = source.getLineAndCharacterOfPosition(match.index).line + 1;
    if (!tagged.has(line)) stray.push(`${file}:${line}`);
  }
  return { citations: [...byPosition.values()].sort((a, b) => a.line - b.line), stray };
}

/**
 * Checks citations against the catalogue: every entry names at least one rule (a pattern must end in `.*` at a dot
 * boundary and match some rule), and every normative rule that is not retired is named.
 * @example
 * checkCitations([{ file: 'a.ts', line: 1, declaration: 'f', entries: ['x.y'] }], rules).unknown; // ['a.ts:1 f: x.y — no rule has this id']
 */
export function checkCitations(citations: readonly Citation[], rules: readonly Pick<Rule, 'id' | 'level' | 'retired'>[]): CitationReport {
  const ids = new Map(rules.map((rule) => [rule.id, rule]));
  const unknown: string[] = [];
  const citedExactly = new Set<string>();
  const citedByPattern = new Set<string>();
  for (const citation of citations) {
    const where = `${citation.file}:${citation.line} ${citation.declaration}`;
    if (citation.entries.length === 0) unknown.push(`${where}: (empty) — the tag names no rule`);
    for (const entry of citation.entries) {
      const problem = entryProblem(entry, ids);
      if (problem !== undefined) {
        unknown.push(`${where}: ${entry} — ${problem}`);
        continue;
      }
      if (!entry.endsWith('.*')) {
        citedExactly.add(entry);
        continue;
      }
      const prefix = entry.slice(0, -1);
      for (const id of ids.keys()) if (id.startsWith(prefix)) citedByPattern.add(id);
    }
  }
  const uncited = rules
    .filter((rule) => rule.level === 'normative' && rule.retired !== true)
    .map((rule) => rule.id)
    .filter((id) => !citedExactly.has(id) && !citedByPattern.has(id));
  for (const id of citedExactly) citedByPattern.delete(id);
  return { unknown, uncited, citedExactly, citedByPattern };
}

/** Why `entry` names no rule, or undefined when it names at least one. */
function entryProblem(entry: string, ids: ReadonlyMap<string, Pick<Rule, 'retired'>>): string | undefined {
  if (!ENTRY_SHAPE.test(entry)) {
    return entry.includes('*') ? 'a pattern must end in ".*" right after a dot boundary (module.part.*)' : 'not a dotted rule id';
  }
  if (entry.endsWith('.*')) {
    const prefix = entry.slice(0, -1);
    return [...ids.keys()].some((id) => id.startsWith(prefix)) ? undefined : 'no rule id starts with this prefix';
  }
  const rule = ids.get(entry);
  if (rule === undefined) return 'no rule has this id';
  return rule.retired === true ? 'the rule is retired' : undefined;
}

/** `name`, `Class.member` or `object.property`: what a reader searches for to find the code. */
function declarationName(node: ts.Node): string {
  const own = ownName(node);
  const parent = node.parent;
  if (parent !== undefined && (ts.isClassLike(parent) || ts.isObjectLiteralExpression(parent))) {
    const outer = ts.isClassLike(parent) ? ownName(parent) : ownName(parent.parent);
    return outer ? `${outer}.${own}` : own;
  }
  return own;
}

function ownName(node: ts.Node | undefined): string {
  if (node === undefined) return '';
  if (ts.isVariableStatement(node)) return node.declarationList.declarations.map((declaration) => declaration.name.getText()).join(', ');
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const name = (node as { readonly name?: ts.Node }).name;
  if (name !== undefined) return name.getText();
  return ts.SyntaxKind[node.kind];
}
