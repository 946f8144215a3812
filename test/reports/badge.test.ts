// The SVG badge: passed over evaluated normative rules, a colour each for full, partial and poor, "not provided" when
// every case was skipped, and the candidate's name as text, never as markup.
import { expect } from 'chai';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderBadge } from '../../reports/badge.js';
import type { CandidateInfo, CaseResult, RuleSummary, Status } from '../../results/results-file.js';
import { HOSTILE_NAME, resultsOf } from './sample-results.js';

const RULES: RuleSummary[] = Array.from({ length: 10 }, (_, index) => ({ id: `querystring.parse.r${index}`, module: 'querystring', level: index === 9 ? 'informative' : 'normative', title: `rule ${index}` }));

function runWith(statuses: readonly Status[], candidate: CandidateInfo = { id: 'x', name: 'x', kind: 'adapter' }) {
  const results: CaseResult[] = statuses.map((status, index) => ({ case: `case-${index}`, module: 'querystring', rules: [`querystring.parse.r${index}`], status, durationMs: 1, ...(status === 'pass' || status === 'skip' || status === 'na' ? {} : { message: 'no' }) }));
  const file = resultsOf(RULES, [{ candidate, results }]);
  const run = file.runs[0];
  if (!run) throw new Error('no run');
  return run;
}

interface Svg {
  svg: { 'aria-label': string; title: string; g: { rect?: { fill: string }[]; text?: (string | { '#text': string })[] }[] };
}

function parse(svg: string): Svg {
  expect(XMLValidator.validate(svg)).to.equal(true);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', htmlEntities: true, parseTagValue: false }).parse(svg) as Svg;
}

function texts(svg: Svg): string[] {
  return svg.svg.g.flatMap((group) => group.text ?? []).map((item) => (typeof item === 'string' ? item : item['#text']));
}

function valueColour(svg: Svg): string | undefined {
  return svg.svg.g[0]?.rect?.[1]?.fill;
}

describe('renderBadge', () => {
  it('shows passed / evaluated normative rules, leaving informative and not-applicable rules out', () => {
    // r0..r6 pass, r7 fails, r8 is n/a, r9 is informative and fails (not counted).
    const badge = parse(renderBadge(runWith(['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'fail', 'na', 'fail']), RULES));
    expect(texts(badge)).to.include('7/8');
    expect(texts(badge)).to.include('rt conformance');
    expect(badge.svg.title).to.contain('7 of 8 normative rules pass');
  });

  it('colours a full pass differently from a partial and from a poor pass rate', () => {
    const full = valueColour(parse(renderBadge(runWith(Array(10).fill('pass')), RULES)));
    const partial = valueColour(parse(renderBadge(runWith(['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'fail']), RULES)));
    const poor = valueColour(parse(renderBadge(runWith(['fail', 'fail', 'fail', 'fail', 'fail', 'fail', 'pass']), RULES)));
    expect(new Set([full, partial, poor]).size).to.equal(3);
  });

  it('says "not provided" when every case was skipped', () => {
    expect(texts(parse(renderBadge(runWith(Array(9).fill('skip')), RULES)))).to.include('not provided');
  });

  it('escapes the candidate name: it appears as text only, never as markup', () => {
    const svg = renderBadge(runWith(['pass'], { id: 'evil', name: HOSTILE_NAME, kind: 'adapter' }), RULES);
    const badge = parse(svg);
    expect(badge.svg.title).to.contain(HOSTILE_NAME);
    expect(badge.svg['aria-label']).to.contain(HOSTILE_NAME);
    expect(svg).to.not.match(/<(img|script|svg onload)/i);
    expect(svg.match(/<svg/g)).to.have.length(1);
  });
});
