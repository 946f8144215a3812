// Progress on stderr while a run goes. Candidates run at the same time, so their results interleave: on a terminal
// one self-updating line shows every running candidate, and each gets a line of its own when it finishes; elsewhere
// (CI logs) one line per candidate as it starts and one per non-passing case, tagged with its candidate, so logs stay
// short but every problem is visible as it happens.
import { type CandidateInfo, type CaseResult, isFailing, type RepetitionOf } from '../lib/index.js';
import { printable, printableLine } from './terminal-text.js';

export interface Progress {
  /** A candidate starts; with `run --repeat N`, `plan` says how many repetitions and results in all to expect. */
  candidate(candidate: CandidateInfo, caseCount: number, plan?: { readonly repetitions: number; readonly results: number }): void;
  /** One result; with `run --repeat N`, which repetition it is (a failing line then names it, with its seed). */
  result(candidate: CandidateInfo, result: CaseResult, repetition?: RepetitionOf): void;
  done(): void;
}

interface Tally {
  readonly label: string;
  readonly total: number;
  seen: number;
  bad: number;
}


export function createProgress(stream: NodeJS.WriteStream): Progress {
  const live = stream.isTTY === true;
  const running = new Map<string, Tally>();
  let drawn = false;
  const clear = (): void => {
    if (drawn) stream.write('\r\x1b[2K');
    drawn = false;
  };
  const describe = (tally: Tally): string => `${tally.label}: ${tally.seen}/${tally.total}${tally.bad ? `, ${tally.bad} not passing` : ''}`;
  const redraw = (): void => {
    if (!live) return;
    clear();
    if (running.size === 0) return;
    const width = Math.max(20, (stream.columns || 100) - 1);
    const line = [...running.values()].map(describe).join(' · ');
    stream.write(line.length > width ? `${line.slice(0, width - 1)}…` : line);
    drawn = true;
  };
  /** On a terminal, a finished candidate leaves its final count as a line of its own. */
  const finish = (id: string, tally: Tally): void => {
    running.delete(id);
    if (!live) return;
    clear();
    stream.write(`${describe(tally)}\n`);
  };
  return {
    candidate(candidate, caseCount, plan) {
      const repetitions = plan?.repetitions ?? 1;
      const tally: Tally = { label: printable(candidate.id), total: plan?.results ?? caseCount, seen: 0, bad: 0 };
      running.set(candidate.id, tally);
      if (live) redraw();
      else stream.write(`${tally.label}: ${caseCount} case(s)${repetitions > 1 ? ` × ${repetitions} repetitions` : ''}\n`);
    },
    result(candidate, result, repetition) {
      const tally = running.get(candidate.id);
      if (tally) tally.seen++;
      if (isFailing(result.status)) {
        if (tally) tally.bad++;
        // One line per repetition that failed, numbered: the same case failing twice reads as two runs, not a repeat.
        const which = repetition ? ` (repetition ${repetition.index}/${repetition.count}, seed ${repetition.seed})` : '';
        const line = `  ${result.status.toUpperCase()} [${printable(candidate.id)}] ${printable(result.case)}${which}: ${printableLine(result.message ?? '', 200)}`;
        clear();
        stream.write(`${line}\n`);
      }
      if (tally && tally.seen >= tally.total) finish(candidate.id, tally);
      redraw();
    },
    done() {
      // Candidates cut short (Ctrl-C) end with what they reached.
      for (const [id, tally] of [...running]) finish(id, tally);
      clear();
    },
  };
}
