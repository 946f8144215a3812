// Progress on stderr while a run goes: on a terminal one self-updating line per candidate; elsewhere (CI logs) one
// line per candidate and one per non-passing case, so logs stay short but every problem is visible as it happens.
import type { CandidateInfo, CaseResult } from '../reports/results.js';

const BAD = new Set(['fail', 'error', 'timeout', 'crash']);

export interface Progress {
  candidate(candidate: CandidateInfo, caseCount: number): void;
  result(candidate: CandidateInfo, result: CaseResult): void;
  done(): void;
}

export function createProgress(stream: NodeJS.WriteStream): Progress {
  const live = stream.isTTY === true;
  let total = 0;
  let seen = 0;
  let bad = 0;
  let label = '';
  const redraw = (): void => {
    if (live) stream.write(`\r\x1b[2K${label}: ${seen}/${total}${bad ? `, ${bad} not passing` : ''}`);
  };
  const endLine = (): void => {
    if (live && label) stream.write('\n');
  };
  return {
    candidate(candidate, caseCount) {
      endLine();
      label = candidate.id;
      total = caseCount;
      seen = 0;
      bad = 0;
      if (live) redraw();
      else stream.write(`${label}: ${caseCount} case(s)\n`);
    },
    result(candidate, result) {
      seen++;
      if (BAD.has(result.status)) {
        bad++;
        const line = `  ${result.status.toUpperCase()} [${candidate.id}] ${result.case}: ${(result.message ?? '').split('\n')[0]?.slice(0, 200) ?? ''}`;
        stream.write(live ? `\r\x1b[2K${line}\n` : `${line}\n`);
      }
      redraw();
    },
    done() {
      endLine();
      label = '';
    },
  };
}
