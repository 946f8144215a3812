// The committed oracle data holds together: scripts/oracle/classification.json names only normative rules of spec/ and
// cases of conformance/, the published run (docs/oracle.json) has every difference classified as the file classifies
// it now and no entry left stale, and docs/runtimes.md shows that run's table.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { caseById } from '../../conformance/registry.js';
import { readClassification } from '../../scripts/oracle/classification.mjs';
import { countsOf } from '../../scripts/oracle/classify-differences.mjs';
import { markdownSection, type OracleDocument } from '../../scripts/oracle/oracle-report.mjs';
import { ROOT } from '../cli/run-cli.js';

const CLASSIFICATION = join(ROOT, 'scripts', 'oracle', 'classification.json');
const PUBLISHED = join(ROOT, 'docs', 'oracle.json');

describe('the oracle data (scripts/oracle/classification.json, docs/oracle.json)', () => {
  let document: OracleDocument;
  before(async () => {
    document = JSON.parse(await readFile(PUBLISHED, 'utf8')) as OracleDocument;
  });

  it('classifies with normative rules of spec/ and cases of conformance/ only, every entry with its reason', async () => {
    // readClassification throws on an unknown or informative rule, a case that does not exist or cites none of the
    // entry's rules, a missing reason or match: reading it is the check.
    const classification = await readClassification(CLASSIFICATION);
    expect([...classification.keys()]).to.include.members(['bun', 'deno']);
  });

  it('published a run of the certified Bun and Deno in which every difference is classified and none is MISSED', () => {
    expect(document.runtimes.map((report) => report.runtime.name)).to.include.members(['bun', 'deno']);
    for (const report of document.runtimes) {
      expect(report.counts, `${report.runtime.spec}: counts`).to.deep.equal(countsOf(report.differences));
      expect(report.counts.unclassified, `${report.runtime.spec}: unclassified differences`).to.equal(0);
      expect(report.counts.missed, `${report.runtime.spec}: MISSED differences`).to.equal(0);
      for (const difference of report.differences) {
        for (const id of difference.caughtBy) {
          const found = caseById(id);
          expect(found, `${report.runtime.spec} ${difference.file}: the catching case ${id} exists`).to.not.equal(undefined);
          expect(found?.rules.some((rule) => difference.rules.includes(rule)), `${id} cites a rule of the difference`).to.equal(true);
        }
      }
    }
  });

  it('classifies each published difference as the file does now, so the published table is the data', async () => {
    const classification = await readClassification(CLASSIFICATION);
    for (const report of document.runtimes) {
      for (const difference of report.differences) {
        const entry = classification.get(report.runtime.name)?.get(difference.file)?.[difference.entry ?? -1];
        expect(entry, `${report.runtime.spec} ${difference.file} [${difference.entry}]: no such entry now`).to.not.equal(undefined);
        expect({ class: difference.class, rules: difference.rules, reason: difference.reason }, `${report.runtime.spec} ${difference.file}`).to.deep.equal({
          class: entry?.class,
          rules: entry?.rules ?? [],
          reason: entry?.reason,
        });
      }
    }
  });

  it('has no stale entry: each one of a published runtime classified a difference of its run, unless marked intermittent', async () => {
    const classification = await readClassification(CLASSIFICATION);
    const stale: string[] = [];
    for (const report of document.runtimes) {
      expect(report.stale, `${report.runtime.spec}: stale entries in the run`).to.deep.equal([]);
      for (const [file, entries] of classification.get(report.runtime.name) ?? []) {
        entries.forEach((entry, index) => {
          const used = report.differences.some((difference) => difference.file === file && difference.entry === index);
          if (!used && !entry.intermittent) stale.push(`${report.runtime.name} ${file} [${index}]`);
        });
      }
    }
    expect(stale, 'entries no difference of the published run used').to.deep.equal([]);
  });

  it('shows the published run in docs/runtimes.md, as npm run oracle -- --publish wrote it', async () => {
    const page = await readFile(join(ROOT, 'docs', 'runtimes.md'), 'utf8');
    expect(page).to.contain(markdownSection(document));
  });
});
