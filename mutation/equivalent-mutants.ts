// The committed list of equivalent mutants (`mutation/equivalent-mutants.json`): mutants no case can tell from the
// reference because they do not change what the spec lets anyone observe, on any platform. A mutant is reported
// `equivalent` only when it is listed here by its stable id with a written reason; everything else that survives is a
// finding. A mutant that only this platform cannot observe (code that runs on Windows or Android alone) is not
// equivalent: it belongs in `mutation/unobservable-mutants.json`.
import { join } from 'node:path';
import { readMutantList, type MutantList } from './mutant-list.js';

export type EquivalentMutants = MutantList;

/** Where the list lives in a checkout. */
export function equivalentMutantsPath(root: string): string {
  return join(root, 'mutation', 'equivalent-mutants.json');
}

/** Reads the list; a missing file is an empty list. */
export function readEquivalentMutants(file: string): Promise<EquivalentMutants> {
  return readMutantList(file);
}
