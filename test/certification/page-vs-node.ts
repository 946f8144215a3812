// The verdicts of a polyfill run in a page (a `chromium:` candidate) against its verdicts under Node (the certification
// corpus, whose verdicts are audited by hand and kept current by corpus.test.ts). They must be the same case by case,
// except where the page lacks a Node global the polyfill reaches for: such a case's page result names the global.
import type { CaseResult, ResultsFile } from '../../results/results-file.js';
import type { Status } from '../../results/status.js';
import type { VerdictFile } from './corpus.js';

/** The Node globals a page does not have, as a page's errors name them. */
export const NODE_GLOBALS = ['Buffer', 'process', 'require', 'global', 'setImmediate', 'clearImmediate', '__dirname', '__filename', 'module', 'exports'] as const;

/** `ReferenceError: Buffer is not defined`, or esbuild's `Dynamic require of "x" is not supported` for require. */
const MISSING_GLOBAL = new RegExp(`\\b(${NODE_GLOBALS.join('|')}) is not defined\\b|Dynamic require of `);

/** A case whose verdict differs between the page and Node. */
export interface Difference {
  readonly case: string;
  readonly page: Status;
  readonly node: Status | 'not run';
  /** The Node global the page's result names as missing; a difference without one is unexplained. */
  readonly missingGlobal?: string;
  readonly message?: string;
}

/** The global a result's message names as missing, if any. */
export function missingGlobalOf(result: Pick<CaseResult, 'message'>): string | undefined {
  const match = MISSING_GLOBAL.exec(result.message ?? '');
  if (!match) return undefined;
  return match[1] ?? 'require';
}

/**
 * Every case of `modules` whose page verdict differs from the Node verdict.
 * @param page the page run's results file (one candidate)
 * @param node the corpus verdicts of the same polyfill under Node
 */
export function pageVersusNode(page: ResultsFile, node: VerdictFile, modules: readonly string[] = ['querystring']): Difference[] {
  const run = page.runs[0];
  if (!run) throw new Error('the page run has no candidate');
  const differences: Difference[] = [];
  for (const result of run.results) {
    if (!modules.includes(result.module)) continue;
    const verdict = node.verdicts[result.case]?.status ?? 'not run';
    if (verdict === result.status) continue;
    const missingGlobal = missingGlobalOf(result);
    differences.push({
      case: result.case,
      page: result.status,
      node: verdict,
      ...(missingGlobal !== undefined ? { missingGlobal } : {}),
      ...(result.message !== undefined ? { message: result.message.slice(0, 300) } : {}),
    });
  }
  return differences;
}
