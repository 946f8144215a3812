// Every mutant of the reference still parses: each of the ~3,000 mutated files parsed whole. 4 s of CPU alone, but
// TypeScript's parser under npm test's coverage counters took 30 to 75 s, so it runs in `npm run test:mutation`.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript5';
import { applyMutant } from '../../mutation/generate-mutants.js';
import { findMutations } from '../../mutation/operators.js';
import { readReferenceSources } from '../../mutation/reference-sources.js';

/** Parses without syntax errors (every mutant must still be a program). */
function parses(code: string): boolean {
  const sourceFile = ts.createSourceFile('mutant.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return (sourceFile as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
}

describe('mutants of the reference', () => {
  it('are each a program that parses', function () {
    this.timeout(120_000);
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const sources = readReferenceSources(root);
    let count = 0;
    for (const file of sources.files.keys()) {
      const text = readFileSync(`${root}/${file}`, 'utf8');
      const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      for (const site of findMutations(sourceFile)) {
        count++;
        const mutated = applyMutant(text, site);
        if (!parses(mutated)) expect.fail(`${file}:${site.start} ${site.operator} does not parse: ${mutated.slice(Math.max(0, site.start - 40), site.start + 40)}`);
      }
    }
    expect(count).to.be.greaterThan(500);
  });
});
