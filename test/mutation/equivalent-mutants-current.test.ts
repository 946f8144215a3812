// An equivalent mutant is excused by id. When the reference changes around it, the id can stop matching (the entry
// then excuses nothing, silently), or the code it names can change so that the written reason no longer holds. Every
// entry must still name a mutant of today's reference, and that mutant must change the very lines the entry shows.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { equivalentMutantsPath, readEquivalentMutants } from '../../mutation/equivalent-mutants.js';
import { generateMutants } from '../../mutation/generate-mutants.js';
import { readReferenceSources } from '../../mutation/reference-sources.js';
import { packageRoot } from '../../io/package-root.js';

/** The changed lines of a diff, without the hunk header (line numbers move when code is added above). */
function changedLines(diff: string): string[] {
  return diff.split('\n').filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
}

describe('the committed equivalent mutants', function () {
  this.timeout(60000);

  it('each still names a mutant of the current reference, changing the lines its entry shows', async () => {
    const root = packageRoot();
    const equivalents = await readEquivalentMutants(equivalentMutantsPath(root));
    expect(equivalents.size, 'entries in mutation/equivalent-mutants.json').to.be.greaterThan(0);
    const sources = readReferenceSources(root);
    const byId = new Map<string, { file: string; diff: string }>();
    for (const file of sources.files.keys()) {
      for (const mutant of generateMutants(file, readFileSync(join(root, file), 'utf8'))) byId.set(mutant.id, mutant);
    }
    const problems: string[] = [];
    for (const [id, entry] of equivalents) {
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
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });
});
