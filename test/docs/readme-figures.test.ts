// Documents that stay true: every figure the README and docs/ quote is what the code prints for the published
// certification (docs/conformance, real runs), and every screenshot is of the published pages as they are. A new case,
// a changed verdict or a rebuilt page makes this fail until `npm run certify` (or `npm run docs:figures`) writes them
// anew.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allCases } from '../../conformance/registry.js';
import { rules as catalogue } from '../../spec/index.js';
import { passRate } from '../../results/verdict.js';
import { computeFigures, docPages, FIGURES_FILE, HOST_RELEASE_LINE, publishedRuns, sha256, SHOTS, type ShotRecord } from '../../scripts/docs-figures.mjs';
import { ROOT } from '../cli/run-cli.js';

/** The README and the pages of docs/, with their lines joined: a quote may be wrapped anywhere. */
const readme = (): string => docPages().map((page) => readFileSync(page, 'utf8').replace(/\s+/g, ' ')).join('\n');

describe('the figures and pictures of the README and docs/', function () {
  this.timeout(60_000);

  it('quotes the host’s summary on Node 20 as the summary prints it for the certified run of that release', async () => {
    const figures = await computeFigures();
    const text = readme();
    const quoted = [...text.matchAll(/host node v[\w.]+: \d+ normative rules? not met \(\d+\/\d+ pass\)/g)].map((match) => match[0]);
    expect(quoted.length, 'the docs quote the host summary').to.be.greaterThan(0);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' '), 'the README’s quick start quotes it').to.match(/host node v[\w.]+: \d+ normative rules? not met/);
    for (const quote of quoted) expect(quote).to.equal(figures.hostSummary);
    // The same numbers by the one verdict directly, not through the script.
    const node = [...(await publishedRuns()).values()].find((results) => results.runs[0]?.candidate.id === `runtime:node@${HOST_RELEASE_LINE}`);
    const run = node?.runs[0];
    if (!node || !run) throw new Error('no certified run of Node 20');
    const rate = passRate(run, node.rules);
    expect(figures.hostSummary).to.equal(`host node v${run.candidate.version}: ${rate.failing} normative rules not met (${rate.passed}/${rate.evaluated} pass)`);
  });

  it('certified the suite as it is: every published run has every case and every rule, and nothing else', async () => {
    const cases = allCases.map((item) => item.id).sort();
    const rules = catalogue.map((rule) => rule.id).sort();
    for (const [name, results] of await publishedRuns()) {
      expect(results.rules.map((rule) => rule.id).sort(), `${name}: rules`).to.deep.equal(rules);
      for (const run of results.runs) expect(run.results.map((result) => result.case).sort(), `${name}: cases`).to.deep.equal(cases);
    }
  });

  it('states the published case and rule counts, which the dashboard shows', async () => {
    const text = readme();
    expect(text).to.contain(`(docs/conformance, ${allCases.length} cases, ${catalogue.length} rules)`);
    const html = readFileSync(join(ROOT, 'docs', 'conformance', 'index.html'), 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as { cases: unknown[]; rules: unknown[] };
    expect([data.cases.length, data.rules.length]).to.deep.equal([allCases.length, catalogue.length]);
  });

  it('shows screenshots taken of the published pages as they are now', () => {
    expect(existsSync(FIGURES_FILE), 'docs/figures.json (npm run docs:figures writes it)').to.equal(true);
    const recorded = (JSON.parse(readFileSync(FIGURES_FILE, 'utf8')) as { screenshots: ShotRecord[] }).screenshots;
    expect(recorded.map((shot) => shot.file)).to.deep.equal(SHOTS.map((shot) => shot.file));
    for (const shot of recorded) {
      expect(sha256(join(ROOT, shot.page)), `${shot.file} was taken of ${shot.page} before it was rebuilt`).to.equal(shot.pageSha256);
      expect(sha256(join(ROOT, shot.file)), `${shot.file} is not the picture taken`).to.equal(shot.pngSha256);
    }
    // Each picture is shown by some page: the README links it from the root, a page of docs/ from docs/.
    const shown = docPages().map((page) => ({ text: readFileSync(page, 'utf8'), prefix: page === join(ROOT, 'README.md') ? '' : 'docs/' }));
    for (const shot of SHOTS.filter((item) => !item.dark)) {
      expect(shown.some(({ text, prefix }) => text.includes(`(${shot.file.slice(prefix.length)})`)), shot.file).to.equal(true);
    }
  });

  it('has npm scripts that write them, from scripts/', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['docs:figures', 'docs:screenshot']) {
      const file = /\b(scripts\/\S+\.m?[jt]s)\b/.exec(scripts[name] ?? '')?.[1];
      expect(file, name).to.be.a('string');
      expect(existsSync(join(ROOT, file ?? '')), `${name}: ${file}`).to.equal(true);
    }
  });
});
