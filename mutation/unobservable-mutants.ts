// The committed list of mutants not observable on this platform (`mutation/unobservable-mutants.json`): changes to
// code that runs only on another platform (Windows: case-insensitive env names, the ComSpec shell, cmd.exe's
// arguments, windowsHide and windowsVerbatimArguments; Android: its shell), each listed with the `platforms` where it
// can be observed. Such a mutant is not equivalent (our Windows cases check much of that code): on one of its
// platforms it runs like any other; elsewhere it is still run when a case covers it, and reported `unobservable` unless
// a case notices (then it is killed, and its entry claims too much).
import { join } from 'node:path';
import { readMutantList, type ListedMutant, type MutantList } from './mutant-list.js';

export type UnobservableMutant = ListedMutant & { readonly platforms: readonly string[] };
export type UnobservableMutants = ReadonlyMap<string, UnobservableMutant>;

/** Where the list lives in a checkout. */
export function unobservableMutantsPath(root: string): string {
  return join(root, 'mutation', 'unobservable-mutants.json');
}

/** Reads the list; a missing file is an empty list. Every entry names its platforms. */
export async function readUnobservableMutants(file: string): Promise<UnobservableMutants> {
  return (await readMutantList(file, { platforms: true })) as MutantList as UnobservableMutants;
}

/** The entries that cannot be observed on `platform` (default: this one): those whose platforms do not include it. */
export function unobservableOn(list: UnobservableMutants, platform: string = process.platform): UnobservableMutants {
  return new Map([...list].filter(([, entry]) => !entry.platforms.includes(platform)));
}
