// Turns the operators' proposals for a set of source files into mutants: each with a stable id, its place
// (1-based line and column), the text it replaces and a unified diff of the changed line(s).
import { createHash } from 'node:crypto';
import ts from 'typescript5';
import { beyondSpecRegions, claimOf, regionAround, type MarkerProblem } from './beyond-spec.js';
import type { BeyondSpecKeyName } from './beyond-spec-keys.js';
import { findMutations, OPERATORS, type Edit, type MutationSite, type OperatorName } from './operators.js';
import { unifiedDiff } from './unified-diff.js';

/** One proposed edit (its operator, place, replacement and span: a MutationSite) made a mutant of a file. */
export interface Mutant extends MutationSite {
  /**
   * Stable across unrelated edits: a hash of the file, the operator, the original and replacement text, the names of
   * the declarations around it, and which occurrence of the same edit it is within them. Line numbers are not part
   * of it, so `mutation/equivalent-mutants.json` survives code moving up or down.
   */
  readonly id: string;
  /** Relative to the package root, `/`-separated. */
  readonly file: string;
  /** The innermost function around the mutation ([start, end) of its node), or undefined at the top level. */
  readonly scope?: { readonly start: number; readonly end: number };
  /**
   * The code around the mutation whose change re-runs it under `--incremental` ([start, end)): its innermost function,
   * or at the top level the statement that holds it.
   */
  readonly surrounding: { readonly start: number; readonly end: number };
  /**
   * The innermost statement holding the mutation, within `surrounding` ([start, end)): a statement of a block, of a
   * case clause or of the file (an `if` with its branches, a loop with its body), else `surrounding` itself. A verdict
   * no case reached is kept under `--incremental` while this and the covering cases are unchanged (reuse-verdict.ts).
   */
  readonly statement: { readonly start: number; readonly end: number };
  readonly line: number;
  readonly column: number;
  /** The last line of the span (1-based). */
  readonly endLine: number;
  readonly original: string;
  /** `--- a/FILE`, `+++ b/FILE`, one hunk with the changed line(s). */
  readonly diff: string;
  /**
   * Set when the mutation lies in code marked `// beyond-spec: KEY` (mutation/beyond-spec.ts), only stops marked code
   * from running, or lies in the check of a marked refusal (`check`: such a mutant is run, and only one that no case
   * notices is beyond the spec): the marker's line, key and the key's reason.
   */
  readonly beyondSpec?: { readonly line: number; readonly key: BeyondSpecKeyName; readonly reason: string; readonly check?: true };
}

/**
 * The mutants of one file.
 * @param file the path recorded in each mutant (relative, `/`-separated)
 * @param text the file's contents
 * @param operators the operators to apply (default: all)
 * @example
 * generateMutants('reference/querystring.ts', text).length;
 */
export function generateMutants(file: string, text: string, operators: ReadonlySet<OperatorName> = new Set(OPERATORS)): Mutant[] {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sites = findMutations(sourceFile, operators);
  const { regions, checks, bodies } = beyondSpecRegions(sourceFile);
  const occurrences = new Map<string, number>();
  const mutants: Mutant[] = [];
  for (const site of sites) {
    const original = text.slice(site.start, site.end);
    const context = declarationPath(sourceFile, site.start);
    const key = [file, site.operator, original, site.replacement, context].join('\0');
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    const id = createHash('sha256').update(`${key}\0${occurrence}`).digest('hex').slice(0, 16);
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(site.start);
    const endLine = sourceFile.getLineAndCharacterOfPosition(Math.max(site.start, site.end - 1)).line;
    const scope = enclosingFunction(sourceFile, site.start);
    const surrounding = scope ?? topLevelStatement(sourceFile, site.start);
    const statement = enclosingStatement(sourceFile, site.start, surrounding);
    const inside = regionAround(regions, site.start, site.end);
    // Swapped arguments most often break the call itself (a value where a class or a name was expected), not the
    // behaviour a marker speaks of: in marked code they are run as checks too.
    const claim = claimOf(checks, bodies, site) ?? (inside && site.operator === 'swap-arguments' ? { kind: 'check' as const, region: inside } : undefined);
    const marked = claim?.region ?? inside;
    mutants.push({
      ...site,
      id,
      file,
      ...(scope ? { scope } : {}),
      surrounding,
      statement,
      line: line + 1,
      column: character + 1,
      endLine: endLine + 1,
      original,
      diff: unifiedDiff(file, text, site),
      ...(marked ? { beyondSpec: { line: marked.line, key: marked.key, reason: marked.reason, ...(claim?.kind === 'check' ? { check: true as const } : {}) } } : {}),
    });
  }
  return mutants;
}

/** The beyond-spec markers of a file that mark nothing or give no reason (mutation/beyond-spec.ts). */
export function markerProblems(file: string, text: string): MarkerProblem[] {
  return beyondSpecRegions(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)).problems;
}

/** The source text with the mutant's edit applied. */
export function applyMutant(text: string, mutant: Edit): string {
  return `${text.slice(0, mutant.start)}${mutant.replacement}${text.slice(mutant.end)}`;
}

/** [start, end) of the innermost node around `position` that `accept` takes, or undefined. */
function innermostAround(sourceFile: ts.SourceFile, position: number, accept: (node: ts.Node, start: number) => boolean): { start: number; end: number } | undefined {
  let found: { start: number; end: number } | undefined;
  const visit = (node: ts.Node): void => {
    const start = node.getStart(sourceFile);
    if (position < start || position >= node.getEnd()) return;
    if (accept(node, start)) found = { start, end: node.getEnd() };
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The innermost function-like node with a body around `position`. */
function enclosingFunction(sourceFile: ts.SourceFile, position: number): { start: number; end: number } | undefined {
  return innermostAround(sourceFile, position, (node) => ts.isFunctionLike(node) && (node as { body?: ts.Node }).body !== undefined);
}

/** The top-level statement holding `position` (the whole file where none does). */
function topLevelStatement(sourceFile: ts.SourceFile, position: number): { start: number; end: number } {
  const statement = sourceFile.statements.find((node) => position >= node.getStart(sourceFile) && position < node.getEnd());
  return statement ? { start: statement.getStart(sourceFile), end: statement.getEnd() } : { start: 0, end: sourceFile.getEnd() };
}

/**
 * The innermost statement of a statement list (a block's, a case clause's, the file's) holding `position` and lying
 * within `within`; `within` itself when none does (the mutation is in a function's parameters, or in an arrow
 * function's expression body, whose listed statement lies outside the function).
 */
function enclosingStatement(sourceFile: ts.SourceFile, position: number, within: { start: number; end: number }): { start: number; end: number } {
  return innermostAround(sourceFile, position, (node, start) => isListedStatement(node) && start >= within.start && node.getEnd() <= within.end) ?? within;
}

function isListedStatement(node: ts.Node): boolean {
  const { parent } = node;
  if (!parent) return false;
  const list = ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent) ? parent.statements : undefined;
  return list !== undefined && (list as readonly ts.Node[]).includes(node);
}

/** Names of the declarations enclosing `position`, outermost first: `Agent.createConnection`, `parse`. */
function declarationPath(sourceFile: ts.SourceFile, position: number): string {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(sourceFile) || position >= node.getEnd()) return;
    const name = (node as { name?: ts.Node }).name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) && isDeclaration(node)) names.push(name.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names.join('.');
}

function isDeclaration(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isPropertyAssignment(node)
  );
}
