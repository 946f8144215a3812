// Code marked "beyond the spec": reference code that follows the host runtime where the spec says nothing (argument
// validation, error codes and messages, Node internals). A conformance case may not encode such behaviour, so no
// case can kill a mutant there; counting those mutants as survivors would measure the spec's silence, not the
// suite's strength. They are marked in the source, where a reviewer reads them next to the code:
//
//   // beyond-spec: the spec's Errors table names no error for a non-string command; Node throws ERR_INVALID_ARG_TYPE
//   validateString(command, 'command');
//
// A `//` comment starting `beyond-spec:` directly above a statement, declaration, class member, object property or
// switch clause marks that whole node; further `//` lines right below it continue the reason. Every mutant inside
// the node gets status `beyond-spec`: not run (unless `rtconf mutate --audit-beyond-spec`), left out of the score,
// and listed in mutation.json and the report with the reason.
import ts from 'typescript5';

export interface BeyondSpecRegion {
  /** [start, end) of the marked node in the file's text. */
  readonly start: number;
  readonly end: number;
  /** 1-based line of the marker comment. */
  readonly line: number;
  readonly reason: string;
}

export interface MarkerProblem {
  /** 1-based line of the marker comment. */
  readonly line: number;
  readonly message: string;
}

const MARKER = /^\/\/\s*beyond-spec:(.*)$/;
/** A reason shorter than this cannot say what the code follows and where the spec is silent. */
const MIN_REASON_LENGTH = 40;

/**
 * The marked regions of a file, and the markers that mark nothing or give no reason.
 * @example
 * beyondSpecRegions(ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true)).regions;
 */
export function beyondSpecRegions(sourceFile: ts.SourceFile): { regions: BeyondSpecRegion[]; problems: MarkerProblem[] } {
  const text = sourceFile.text;
  const lineOf = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  // Every marker in the file, by the position of its comment.
  const markers = new Map<number, boolean>();
  for (const match of text.matchAll(/\/\/[ \t]*beyond-spec:/g)) markers.set(match.index, false);
  if (markers.size === 0) return { regions: [], problems: [] };

  const regions: BeyondSpecRegion[] = [];
  const problems: MarkerProblem[] = [];
  const visit = (node: ts.Node): void => {
    const comments = ts.getLeadingCommentRanges(text, node.pos) ?? [];
    comments.forEach((comment, at) => {
      // The outermost node a comment leads is the one it marks (a statement, not the expression inside it).
      if (markers.get(comment.pos) !== false) return;
      markers.set(comment.pos, true);
      const first = MARKER.exec(text.slice(comment.pos, comment.end));
      const parts = [first?.[1]?.trim() ?? ''];
      for (const next of comments.slice(at + 1)) {
        const line = text.slice(next.pos, next.end);
        if (next.kind !== ts.SyntaxKind.SingleLineCommentTrivia || MARKER.test(line)) break;
        parts.push(line.replace(/^\/\/\s?/, '').trim());
      }
      const reason = parts.join(' ').trim();
      const line = lineOf(comment.pos);
      if (reason.length < MIN_REASON_LENGTH) {
        problems.push({ line, message: `a beyond-spec marker needs a reason of at least ${MIN_REASON_LENGTH} characters (what the code follows, and where the spec is silent)` });
        return;
      }
      regions.push({ start: node.getStart(sourceFile), end: node.getEnd(), line, reason });
    });
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  for (const [position, used] of markers) {
    if (!used) problems.push({ line: lineOf(position), message: 'a beyond-spec marker must be a `//` comment directly above the statement, declaration, member or property it marks' });
  }
  return { regions: regions.sort((a, b) => a.start - b.start), problems: problems.sort((a, b) => a.line - b.line) };
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
