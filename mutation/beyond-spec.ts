// Code marked "beyond the spec": reference code that follows the host runtime where the spec says nothing (argument
// validation, error codes and messages, Node internals), or where the reference departs from the spec on purpose. A
// conformance case may not encode such behaviour, so no case can kill a mutant there; counting those mutants as
// survivors would measure the spec's silence, not the suite's strength. They are marked in the source with a short key,
// and the reason lives once, under that key, in beyond-spec-keys.ts:
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
import { BEYOND_SPEC_KEYS, type BeyondSpecKeyName } from './beyond-spec-keys.js';

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
function isBeyondSpecKey(key: string): key is BeyondSpecKeyName {
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
