// The committed mutant lists (mutation/equivalent-mutants.json, mutation/unobservable-mutants.json) excuse mutants by
// id. When the reference changes around one, the id can stop matching (the entry then excuses nothing, silently), or
// the code it names can change so that the written reason no longer holds: every entry must still name a mutant of
// today's reference, changing the very lines the entry shows. And an equivalent is equivalent on every platform: no
// entry of the equivalent list may excuse a mutant by what this platform cannot observe.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { equivalentMutantsPath, readEquivalentMutants } from '../../mutation/equivalent-mutants.js';
import { generateMutants } from '../../mutation/generate-mutants.js';
import type { MutantList } from '../../mutation/mutant-list.js';
import { readReferenceSources } from '../../mutation/reference-sources.js';
import { readUnobservableMutants, unobservableMutantsPath } from '../../mutation/unobservable-mutants.js';
import { packageRoot } from '../../io/package-root.js';

/** The changed lines of a diff, without the hunk header (line numbers move when code is added above). */
function changedLines(diff: string): string[] {
  return diff.split('\n').filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
}

/** Words a reason uses when it excuses a mutant by the platform it runs on. */
const PLATFORM_WORDS = /\b(windows|win32|android|platform|posix|unix|linux|macos|darwin|comspec|cmd\.exe)\b/i;

describe('the committed mutant lists', function () {
  this.timeout(60000);
  const root = packageRoot();
  let byId: Map<string, { file: string; diff: string }>;

  before(() => {
    byId = new Map();
    const sources = readReferenceSources(root);
    for (const file of sources.files.keys()) {
      for (const mutant of generateMutants(file, readFileSync(join(root, file), 'utf8'))) byId.set(mutant.id, mutant);
    }
  });

  function problemsOf(list: MutantList): string[] {
    const problems: string[] = [];
    for (const [id, entry] of list) {
      const mutant = byId.get(id);
      if (!mutant) {
        problems.push(`${id} (${entry.file ?? '?'}): no mutant of the current reference has this id; re-examine it and update or remove the entry`);
        continue;
      }
      if (entry.file !== undefined && entry.file !== mutant.file) problems.push(`${id}: listed for ${entry.file}, now in ${mutant.file}`);
      if (entry.diff !== undefined && changedLines(entry.diff).join('\n') !== changedLines(mutant.diff).join('\n')) {
        problems.push(`${id}: the mutant now changes other lines than the entry shows:\n${mutant.diff}`);
      }
    }
    return problems;
  }

  it('name, each, a mutant of the current reference, changing the lines its entry shows (equivalent list)', async () => {
    const equivalents = await readEquivalentMutants(equivalentMutantsPath(root));
    expect(equivalents.size, 'entries in mutation/equivalent-mutants.json').to.be.greaterThan(0);
    const problems = problemsOf(equivalents);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('name, each, a mutant of the current reference, changing the lines its entry shows (unobservable list)', async () => {
    const unobservable = await readUnobservableMutants(unobservableMutantsPath(root));
    expect(unobservable.size, 'entries in mutation/unobservable-mutants.json').to.be.greaterThan(0);
    const problems = problemsOf(unobservable);
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('never call a mutant equivalent because of the platform, nor list one mutant in both', async () => {
    const equivalents = await readEquivalentMutants(equivalentMutantsPath(root));
    const unobservable = await readUnobservableMutants(unobservableMutantsPath(root));
    const byPlatform = [...equivalents].filter(([, entry]) => PLATFORM_WORDS.test(entry.reason)).map(([id, entry]) => `${id}: ${entry.reason}`);
    expect(byPlatform, 'equivalents excused by the platform: move them to mutation/unobservable-mutants.json').to.deep.equal([]);
    expect([...unobservable.keys()].filter((id) => equivalents.has(id))).to.deep.equal([]);
  });
});
