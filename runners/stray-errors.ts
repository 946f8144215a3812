// Strays: errors nothing caught while cases ran (a promise rejected with nobody to handle it, an exception thrown from
// a callback), told apart as the harness's own or the candidate's, and judged per case window. The harness's own make
// a passing result `error` (a check may have been skipped). The candidate's are a finding recorded on the result (a
// Node program that ignored them would crash), and fail the case only where a rule it cites says how errors are
// reported (`errorChannel` in the catalogue); they never overturn an observed pass otherwise, so a stray's timing
// cannot change a status.
//
// Telling them apart: the harness never rejects a promise with anything but its own errors, and leaves none of its
// promises unhandled (the kit's waits mark an aborted wait handled); so a stray is the harness's when it is one of
// the harness's error classes, or an error whose stack begins in the harness's own code (an engine error in a
// case, a failed assertion in a callback). Everything else (an error made by the candidate's code or by the
// runtime's own modules, a thrown non-error) is the candidate's.
import { AssertionError } from 'chai';
import { CaseFailure, CaseNotApplicable } from '../conformance/case.js';
import { describeThrown } from '../conformance/kit.js';
import type { Rule } from '../spec/rule.js';
import type { CandidateStray, CaseResult } from '../results/results-file.js';

export type StrayKind = CandidateStray['kind'];

/** Says whether a file, as a stack frame names it (a path or a URL), holds the harness's own code. */
export type HarnessFiles = (file: string) => boolean;

/** How many distinct strays one result records (a repeat is counted on its first); more distinct ones are left out. */
const MAX_RECORDED = 8;

/** A stack frame's location: `at name (FILE:1:2)` or `at FILE:1:2` (V8, JavaScriptCore). */
const FRAME = /^\s*at (?:.*?\()?(.+?):\d+:\d+\)?\s*$/;

/**
 * The file of the first frame of `stack` that names a location, as the runtime wrote it; undefined when none does
 * (frames of native code, `<anonymous>`, a stack without frames).
 * @example
 * originFile('Error: x\n    at f (file:///tmp/agent.mjs:10:5)\n    at g (node:internal/x:1:1)'); // 'file:///tmp/agent.mjs'
 */
export function originFile(stack: string): string | undefined {
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    const file = match?.[1];
    if (file && file !== '<anonymous>' && file !== 'native') return file;
  }
  return undefined;
}

/**
 * The files of the package this module was loaded from, the reference's excepted: the harness's own code where it
 * runs from its sources or from `dist/` (in process, or in an agent started from sources by a test).
 * @param ownFile the file of a module of the package, as its stack frames name it, e.g. this module's
 * @param depth how many folders that module lies below the package root
 */
export function packageFilesBut(ownFile: string, depth: number, excepted: readonly string[]): HarnessFiles {
  const path = (file: string): string => {
    if (!file.startsWith('file://')) return file;
    try {
      return decodeURIComponent(new URL(file).pathname);
    } catch {
      return file;
    }
  };
  const parts = path(ownFile).split('/');
  const root = `${parts.slice(0, parts.length - 1 - depth).join('/')}/`;
  const outside = [...excepted.map((folder) => `${root}${folder}/`), ...excepted.map((folder) => `${root}dist/${folder}/`)];
  return (file) => {
    const at = path(file);
    return at.startsWith(root) && !outside.some((folder) => at.startsWith(folder));
  };
}

/**
 * Whether a stray is the harness's own: one of its error classes, or an error whose stack begins in its code.
 * @example
 * isHarnessStray(new CaseFailure('x'), () => false); // true
 */
function isHarnessStray(error: unknown, harnessFiles: HarnessFiles): boolean {
  if (error instanceof CaseFailure || error instanceof CaseNotApplicable || error instanceof AssertionError) return true;
  if (error === null || typeof error !== 'object') return false;
  let stack: unknown;
  try {
    stack = (error as { stack?: unknown }).stack;
  } catch {
    return false;
  }
  if (typeof stack !== 'string') return false;
  const file = originFile(stack);
  return file !== undefined && harnessFiles(file);
}

interface Noted {
  readonly error: unknown;
  readonly kind: StrayKind;
  readonly before: boolean;
}

/**
 * The strays of one place cases run in (an agent, the in-process runner), by case window. A window opens when a case
 * starts and closes when its result is final: after its cleanups (which wait for the children it started to close)
 * and a turn of the event loop, so a rejection settled by the case's last events is inside it whenever it runs.
 * A stray that arrives while no window is open is recorded on the next case's result, marked as arrived before it.
 */
export class StrayWindows {
  private current: Noted[] | undefined;
  private between: Noted[] = [];

  constructor(private readonly harnessFiles: HarnessFiles) {}

  /** Hears of one stray, as the platform reports it. */
  note(error: unknown, kind: StrayKind): void {
    if (this.current) this.current.push({ error, kind, before: false });
    else if (this.between.length < 100) this.between.push({ error, kind, before: true });
  }

  /** Opens a case's window (one left open by a case that never got a result counts as arrived before this one). */
  open(): void {
    const left = (this.current ?? []).map((stray) => ({ ...stray, before: true }));
    this.current = [...left, ...this.between];
    this.between = [];
  }

  /** How many strays arrived since the last window closed (something of an earlier case still runs). */
  get heardBetween(): number {
    return this.between.length;
  }

  /** Closes the window of a case that gets no result (interrupted): what arrived in it counts toward the next one. */
  abandon(): void {
    this.between = [...(this.current ?? []).map((stray) => ({ ...stray, before: true })), ...this.between];
    this.current = undefined;
  }

  /**
   * Closes the window and judges `result` by the strays it holds.
   * @param ruleById the catalogue, for the `errorChannel` of the rules the case cites
   */
  close(result: CaseResult, ruleById: (id: string) => Rule | undefined): CaseResult {
    const noted = this.current ?? [];
    this.current = undefined;
    if (noted.length === 0) return result;
    const harness = noted.filter((stray) => isHarnessStray(stray.error, this.harnessFiles));
    const candidate = noted.filter((stray) => !harness.includes(stray));
    const strays = recorded(candidate);
    let judged: CaseResult = strays.length > 0 ? { ...result, strays } : result;
    if (judged.status !== 'pass') return judged;
    const [own] = harness;
    if (own) {
      const when = own.before ? 'before the case began' : 'during the case';
      return { ...judged, status: 'error', message: `uncaught ${when}, from the harness itself: ${describeThrown(own.error)}` };
    }
    // Charged only to rules that say how errors are reported, so only where every rule the case cites does: a case
    // citing another rule beside one would charge that rule with what it does not speak of.
    const during = candidate.find((stray) => !stray.before);
    const cited = result.rules.map((id) => ruleById(id)).filter((rule): rule is Rule => rule !== undefined && rule.level === 'normative');
    const channel = cited.length > 0 && cited.every((rule) => rule.errorChannel !== undefined) ? cited[0] : undefined;
    if (during && channel?.errorChannel) {
      judged = {
        ...judged,
        status: 'fail',
        message: `the candidate let an error escape uncaught (${kindText(during.kind)}: ${describeThrown(during.error)}), while ${channel.id} says errors are reported through ${channel.errorChannel}: a program handling that, as the spec says, would still crash`,
      };
    }
    return judged;
  }
}

function kindText(kind: StrayKind): string {
  return kind === 'unhandled-rejection' ? 'a promise rejection nobody handled' : 'an exception thrown from a callback';
}

/** The candidate's strays as a result records them: one line each, repeats counted, bounded. */
function recorded(noted: readonly Noted[]): CandidateStray[] {
  const kept: Array<{ -readonly [K in keyof CandidateStray]: CandidateStray[K] }> = [];
  for (const stray of noted) {
    const error = describeThrown(stray.error);
    const same = kept.find((entry) => entry.kind === stray.kind && entry.error === error && (entry.beforeCase === true) === stray.before);
    if (same) same.count = (same.count ?? 1) + 1;
    else if (kept.length < MAX_RECORDED) kept.push({ kind: stray.kind, error, ...(stray.before ? { beforeCase: true as const } : {}) });
  }
  return kept;
}
