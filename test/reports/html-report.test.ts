// The HTML report without a browser: a CSP allowing only its own inline script and style, nothing outside the file,
// data no candidate string can break out of, baseline changes; buildReportData's one case list and grouped rules.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { renderHtmlReport } from '../../reports/html-report.js';
import { buildReportData } from '../../reports/report-data.js';
import { buildSampleResults, HOSTILE_MESSAGE, HOSTILE_NAME, PAYLOAD_FLAG, withStatuses } from './sample-results.js';

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function inlineBlocks(html: string, tag: 'script' | 'style'): { attributes: string; body: string }[] {
  return [...html.matchAll(new RegExp(`<${tag}([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => ({ attributes: match[1] ?? '', body: match[2] ?? '' }));
}

function policyOf(html: string): string {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  if (!match?.[1]) throw new Error('no CSP meta tag');
  return match[1];
}

describe('renderHtmlReport (static checks; the browser test drives the page)', () => {
  const results = buildSampleResults({ candidates: 3, cases: 80, hostile: true });
  const html = renderHtmlReport(results);

  it('allows exactly its own inline script and style by hash, and nothing else', () => {
    const policy = policyOf(html);
    const scripts = inlineBlocks(html, 'script').filter((block) => !block.attributes.includes('application/json'));
    const styles = inlineBlocks(html, 'style');
    expect(scripts).to.have.length(1);
    expect(styles).to.have.length(1);
    const directives = Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]));
    expect(directives).to.deep.equal({
      'default-src': "'none'",
      'script-src': hashOf(scripts[0]?.body ?? ''),
      'style-src': hashOf(styles[0]?.body ?? ''),
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    expect(policy).to.not.contain('unsafe');
  });

  // The page around the data block: what the browser parses as markup.
  const markup = html.replace(/(<script type="application\/json" id="data">)[\s\S]*?(<\/script>)/, '$1$2');

  it('references nothing outside the file', () => {
    expect(markup).to.not.match(/\s(src|href)=/i);
    expect(markup).to.not.match(/https?:\/\//);
  });

  it('embeds the data so that no candidate string can close the block or open a comment', () => {
    const blocks = inlineBlocks(html, 'script');
    expect(blocks).to.have.length(2);
    const data = blocks.find((block) => block.attributes.includes('application/json'));
    expect(data?.body).to.not.match(/[<>]/);
    expect(JSON.parse(data?.body ?? 'null')).to.deep.equal(JSON.parse(JSON.stringify(buildReportData(results))));
    expect(markup).to.not.contain(PAYLOAD_FLAG);
    const embedded = JSON.stringify(JSON.parse(data?.body ?? 'null'));
    for (const hostile of [HOSTILE_NAME, HOSTILE_MESSAGE]) expect(embedded, 'the hostile string, whole, in the data').to.contain(JSON.stringify(hostile).slice(1, -1));
  });

  it('embeds the baseline changes when given a baseline', () => {
    const passing = results.runs[1]?.results.filter((item) => item.status === 'pass').slice(0, 2) ?? [];
    const later = withStatuses(results, passing.map((item) => ({ candidate: 'host', case: item.case, status: 'fail' as const })));
    const data = buildReportData(later, { baseline: results });
    expect(data.baseline?.changes.filter((change) => change.kind === 'regression').map((change) => change.case)).to.have.members(passing.map((item) => item.case));
    expect(renderHtmlReport(later, { baseline: results })).to.contain('"kind":"regression"');
  });
});

describe('buildReportData', () => {
  const results = buildSampleResults({ candidates: 4, cases: 150 });
  const data = buildReportData(results);

  it('aligns every candidate’s results with one shared case list', () => {
    for (const [index, candidate] of data.candidates.entries()) {
      expect(candidate.results).to.have.length(data.cases.length);
      const run = results.runs[index];
      for (const result of run?.results ?? []) {
        const position = data.cases.findIndex((item) => item.id === result.case);
        expect(candidate.results[position]?.status).to.equal(result.status);
      }
    }
  });

  it('groups rules by module and section without losing any', () => {
    expect(data.rules.map((rule) => rule.id)).to.have.members(results.rules.map((rule) => rule.id));
    const groups = data.rules.map((rule) => `${rule.module}/${rule.section}`);
    const seen = new Set<string>();
    groups.forEach((group, index) => {
      if (group !== groups[index - 1]) {
        expect(seen.has(group), `section ${group} appears in two places`).to.equal(false);
        seen.add(group);
      }
    });
  });
});
