// What a run mutant comes to when the committed lists or a marker speak of it: in code marked beyond the spec, or
// listed as observable only on other platforms. Run-mutation.ts asks it of every mutant it ran.
import type { MutantRecord } from '../results/mutation-file.js';
import type { Mutant } from './generate-mutants.js';
import type { UnobservableMutant } from './unobservable-mutants.js';

/**
 * A run mutant in marked code (audited, or in the check of a marked refusal): not noticed, it is `beyond-spec` as
 * marked; noticed, it counts as killed. In marked code proper the note says that the change reaches behaviour the spec
 * states (an error that can no longer be made…): the marker claims too much. In a check, a kill (a good value now
 * refused) is what the check's mutants are run for, and needs no note.
 */
export function judgeMarked(result: MutantRecord, marker: Mutant['beyondSpec']): MutantRecord {
  if (!marker) return result;
  if (result.status === 'survived') {
    const check = `run as a check of code marked beyond the spec (line ${marker.line}), and no case noticed: `;
    return { ...result, status: 'beyond-spec', note: `${marker.check ? check : ''}${marker.reason}` };
  }
  // A check that now refuses a good value is killed, as it should be: only a kill in marked code says something.
  if ((result.status === 'killed' || result.status === 'timeout') && !marker.check) {
    return { ...result, note: `in code marked beyond the spec (line ${marker.line}), yet a case noticed: this change reaches behaviour the spec states${result.note ? `; ${result.note}` : ''}` };
  }
  return result;
}

/**
 * A run mutant listed as not observable on this platform: not noticed, it is `unobservable`; noticed, the list claims
 * too much, and it counts as killed, with a note that says so.
 */
export function judgeUnobservable(result: MutantRecord, listed: UnobservableMutant | undefined): MutantRecord {
  if (!listed || result.status === 'beyond-spec') return result;
  if (result.status === 'survived') return { ...result, status: 'unobservable', note: unobservableNote(listed) };
  if (result.status === 'killed' || result.status === 'timeout') {
    return { ...result, note: `listed as observable only on ${listed.platforms.join(', ')} (mutation/unobservable-mutants.json), yet a case noticed here: the entry claims too much${result.note ? `; ${result.note}` : ''}` };
  }
  return result;
}

/** What a listed mutant's record says: where it can be observed, and why not here. */
export function unobservableNote(listed: UnobservableMutant): string {
  return `observable only on ${listed.platforms.join(', ')}: ${listed.reason}`;
}
