// junit.xml: a well-formed testsuite per candidate and module with counts that add up, statuses mapped to <failure>,
// <error> and <skipped> with message and replay command, and any string a candidate produces kept as text; given the
// gate's judgement, it counts as the gate does (an expected failure skipped with its reason, an unexpected one failed).
import { expect } from 'chai';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MODULES } from '../../spec/rule.js';
import { renderJunitXml } from '../../reports/junit-xml.js';
import type { CaseResult, ResultsFile, Status } from '../../results/results-file.js';
import { escapeXmlAttribute, escapeXmlText } from '../../reports/xml-escape.js';
import { replayCommand } from '../../results/replay.js';
import { expectationsFromResults, validateExpectations } from '../../results/expectations.js';
import { gateSources, markExpectations } from '../../results/expectation-marks.js';
import { isFailing } from '../../results/status.js';
import { buildSampleResults, HOSTILE_ID, HOSTILE_MESSAGE, resultsOf, withStatuses } from './sample-results.js';

// Characters XML 1.0 cannot carry; a parser that meets one must reject the document, so none may ever be written.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface ParsedCase {
  classname: string;
  name: string;
  time: string;
  failure?: { message: string; type: string; '#text'?: string };
  error?: { message: string; type: string; '#text'?: string };
  skipped?: { message: string; type?: string; '#text'?: string };
  'system-out'?: string;
}
interface ParsedSuite {
  name: string;
  tests: string;
  failures: string;
  errors: string;
  skipped: string;
  properties: { property: { name: string; value: string }[] };
  testcase: ParsedCase[];
}

function parse(xml: string): { testsuites: { tests: string; failures: string; errors: string; skipped: string; testsuite: ParsedSuite[] } } {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    htmlEntities: true,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  });
  return parser.parse(xml);
}

function expectWellFormed(xml: string): void {
  expect(XMLValidator.validate(xml)).to.equal(true);
  expect(FORBIDDEN.test(xml), 'a character XML 1.0 forbids was written').to.equal(false);
}

/** What the escaping promises to keep: the text, with unrepresentable characters shown as \uXXXX. */
function visibleForm(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

describe('renderJunitXml', () => {
  const results = buildSampleResults({ candidates: 8, cases: 120, hostile: true });
  const xml = renderJunitXml(results);
  const doc = parse(xml);

  it('writes a well-formed document even with hostile candidate output', () => {
    expectWellFormed(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).to.equal(true);
  });

  it('has one testsuite per candidate × module, each holding exactly that candidate module’s cases', () => {
    const expected = results.runs.flatMap((run) => MODULES.filter((module) => run.results.some((result) => result.module === module)).map((module) => ({ run, module })));
    expect(doc.testsuites.testsuite).to.have.length(expected.length);
    doc.testsuites.testsuite.forEach((suite, index) => {
      const { run, module } = expected[index] ?? {};
      const cases = run?.results.filter((result) => result.module === module) ?? [];
      expect(suite.name.endsWith(`.${module}`)).to.equal(true);
      expect(suite.testcase.map((item) => item.name)).to.deep.equal(cases.map((result) => result.case));
      expect(suite.testcase.every((item) => item.classname === suite.name)).to.equal(true);
      expect(Number(suite.tests)).to.equal(cases.length);
      expect(Number(suite.failures)).to.equal(cases.filter((result) => result.status === 'fail').length);
      expect(Number(suite.errors)).to.equal(cases.filter((result) => ['error', 'timeout', 'crash'].includes(result.status)).length);
      expect(Number(suite.skipped)).to.equal(cases.filter((result) => ['skip', 'na'].includes(result.status)).length);
      const candidateId = suite.properties.property.find((property) => property.name === 'candidate.id')?.value;
      expect(candidateId).to.equal(run?.candidate.id);
    });
  });

  it('adds the suite counts up on <testsuites>', () => {
    const all = results.runs.flatMap((run) => run.results);
    expect(Number(doc.testsuites.tests)).to.equal(all.length);
    expect(Number(doc.testsuites.failures)).to.equal(all.filter((result) => result.status === 'fail').length);
    expect(Number(doc.testsuites.skipped)).to.equal(all.filter((result) => result.status === 'skip' || result.status === 'na').length);
  });

  it('maps fail to <failure>, error/timeout/crash to <error> and skip/na to <skipped>, with message and replay details', () => {
    const byStatus = new Map<Status, ParsedCase>();
    const resultOf = new Map<ParsedCase, CaseResult>();
    const failedRun = new Map<ParsedCase, string>();
    doc.testsuites.testsuite.forEach((suite) => {
      const run = results.runs.find((item) => item.candidate.id === suite.properties.property.find((property) => property.name === 'candidate.id')?.value);
      for (const item of suite.testcase) {
        const result = run?.results.find((candidate) => candidate.case === item.name);
        if (!result) throw new Error(`no result for ${item.name}`);
        resultOf.set(item, result);
        failedRun.set(item, run?.candidate.id ?? '');
        if (!byStatus.has(result.status)) byStatus.set(result.status, item);
      }
    });
    for (const status of ['fail', 'error', 'timeout', 'crash', 'skip', 'na', 'pass'] as const) expect(byStatus.has(status), status).to.equal(true);
    const failure = byStatus.get('fail');
    expect(failure?.failure?.type).to.equal('fail');
    expect(failure?.failure?.message).to.contain(visibleForm(resultOf.get(failure as ParsedCase)?.message ?? '').slice(0, 40));
    const failed = resultOf.get(failure as ParsedCase);
    expect(failure?.failure?.['#text']).to.contain(`replay: ${replayCommand(failedRun.get(failure as ParsedCase) ?? '', failed?.case ?? '', results.seed)}`);
    for (const status of ['error', 'timeout', 'crash'] as const) expect(byStatus.get(status)?.error?.type).to.equal(status);
    expect(byStatus.get('skip')?.skipped).to.not.equal(undefined);
    expect(byStatus.get('na')?.skipped).to.not.equal(undefined);
    const pass = byStatus.get('pass');
    expect(pass?.failure ?? pass?.error ?? pass?.skipped).to.equal(undefined);
  });

  it('keeps hostile names and messages as text, with control characters made visible', () => {
    const hostileSuite = doc.testsuites.testsuite.find((suite) => suite.properties.property.some((property) => property.value === HOSTILE_ID));
    expect(hostileSuite, 'the hostile candidate’s suite').to.not.equal(undefined);
    const failed = hostileSuite?.testcase.find((item) => item.failure ?? item.error);
    const message = failed?.failure?.message ?? failed?.error?.message ?? '';
    expect(message).to.contain(visibleForm(HOSTILE_MESSAGE));
    expect(message).to.contain('\\u001B');
    expect(xml).to.not.contain('<script>');
  });

  it('stays well-formed and faithful for any string a candidate can produce', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), (name, message) => {
        const file: ResultsFile = resultsOf(
          [{ id: 'querystring.parse.x', module: 'querystring', level: 'normative', title: 't' }],
          [{ candidate: { id: `c${name}`, name: `n${name}`, kind: 'adapter' }, results: [{ case: 'querystring.parse.x.example', module: 'querystring', rules: ['querystring.parse.x'], status: 'fail', durationMs: 1, message: `m${message}`, actual: message }] }],
        );
        const out = renderJunitXml(file);
        expectWellFormed(out);
        const parsed = parse(out);
        const suite = parsed.testsuites.testsuite[0];
        expect(suite?.properties.property.find((property) => property.name === 'candidate.name')?.value).to.equal(visibleForm(`n${name}`));
        expect(suite?.testcase[0]?.failure?.message).to.equal(visibleForm(`fail: m${message}`));
      }),
      { numRuns: 150 },
    );
  });
});

describe('renderJunitXml with the gate’s judgement', () => {
  const results = buildSampleResults({ candidates: 3, cases: 150, seed: 7 });
  const host = results.runs[1];
  const failing = host?.results.filter((result) => isFailing(result.status)) ?? [];
  const normative = new Set(results.rules.filter((rule) => rule.level === 'normative').map((rule) => rule.id));
  const cites = (result: CaseResult): boolean => result.rules.some((id) => normative.has(id));
  /** Every failure expected, with a reason, as `rtconf expect` writes them and a person explains them. */
  const all = validateExpectations(JSON.parse(JSON.stringify(expectationsFromResults(results)).replaceAll('TODO: why', 'known divergence')), 'all.json');
  /** Each test case of the document by candidate id and case id. */
  const byCase = (doc: ReturnType<typeof parse>): Map<string, ParsedCase> =>
    new Map(doc.testsuites.testsuite.flatMap((suite) => suite.testcase.map((item) => [`${suite.properties.property.find((property) => property.name === 'candidate.id')?.value} ${item.name}`, item] as const)));

  it('counts no failure and no error when the gate passes with every failure expected, and skips each with its reason', () => {
    expect(failing.filter(cites).length, 'the sample host fails normative cases').to.be.greaterThan(3);
    const judgement = markExpectations(results, gateSources([{ file: 'expectations/all.json', expectations: all }]));
    expect(judgement.report.unexpected).to.deep.equal([]);
    const doc = parse(renderJunitXml(results, judgement));
    expect(doc.testsuites).to.include({ failures: '0', errors: '0' });
    const cases = byCase(doc);
    for (const result of failing) {
      const item = cases.get(`host ${result.case}`);
      expect(item?.failure ?? item?.error, result.case).to.equal(undefined);
      expect(item?.skipped?.message, result.case).to.contain(`${result.status}, expected ${result.status} (known divergence, expectations expectations/all.json)`);
      expect(item?.skipped?.['#text'], result.case).to.contain('replay: ');
    }
    const suite = doc.testsuites.testsuite.find((item) => item.name === 'host.querystring');
    expect(suite?.properties.property).to.deep.include({ name: 'gate.sources', value: 'expectations expectations/all.json' });
    expect(suite?.properties.property).to.deep.include({ name: 'gate.unexpected', value: '0' });
  });

  it('fails exactly the unexpected results, and passes an unexpected pass with a note, as the gate judges them', () => {
    // One expected failure now passes (a stale expectation) and two passing normative cases now fail (regressions).
    const [fixed] = failing.filter(cites);
    const regressed = (host?.results ?? []).filter((result) => result.status === 'pass' && cites(result)).slice(0, 2);
    const later = withStatuses(results, [
      ...(fixed ? [{ candidate: 'host', case: fixed.case, status: 'pass' as const }] : []),
      ...regressed.map((result) => ({ candidate: 'host', case: result.case, status: 'fail' as const })),
    ]);
    const judgement = markExpectations(later, gateSources([{ file: 'all.json', expectations: all }]));
    const doc = parse(renderJunitXml(later, judgement));
    expect(Number(doc.testsuites.failures) + Number(doc.testsuites.errors)).to.equal(judgement.report.unexpected.length);
    expect(judgement.report.unexpected.map((item) => item.case)).to.have.members(regressed.map((result) => result.case));
    const cases = byCase(doc);
    for (const result of regressed) expect(cases.get(`host ${result.case}`)?.failure?.type, result.case).to.equal('fail');
    const stale = cases.get(`host ${fixed?.case}`);
    expect(stale?.failure ?? stale?.error ?? stale?.skipped).to.equal(undefined);
    expect(stale?.['system-out']).to.contain('unexpected pass: expected');
  });

  it('without sources counts the failing normative cases, as the gate without --expect does, and lets informative-only failures by', () => {
    const judgement = markExpectations(results, []);
    const doc = parse(renderJunitXml(results, judgement));
    const failingCases = results.runs.flatMap((run) => run.results.filter((result) => isFailing(result.status)));
    expect(Number(doc.testsuites.failures) + Number(doc.testsuites.errors)).to.equal(judgement.report.unexpected.length);
    expect(judgement.report.unexpected.length).to.equal(failingCases.filter(cites).length);
    // Without a judgement, every failing status counts: what the renderer is given, not what it would judge.
    const plain = parse(renderJunitXml(results)).testsuites;
    expect(Number(plain.failures) + Number(plain.errors)).to.equal(failingCases.length);
    // A failing case citing informative rules only: the gate lets it by, and so does JUnit.
    const small = resultsOf(
      [
        { id: 'querystring.parse.x', module: 'querystring', level: 'normative', title: 'x' },
        { id: 'querystring.parse.advice', module: 'querystring', level: 'informative', title: 'advice' },
      ],
      [
        {
          candidate: { id: 'host', name: 'host', kind: 'host' },
          results: [
            { case: 'querystring.parse.x.example', module: 'querystring', rules: ['querystring.parse.x'], status: 'fail', durationMs: 1, message: 'wrong' },
            { case: 'querystring.parse.advice.example', module: 'querystring', rules: ['querystring.parse.advice'], status: 'fail', durationMs: 1, message: 'wrong too' },
          ],
        },
      ],
    );
    const judged = parse(renderJunitXml(small, markExpectations(small, [])));
    expect(judged.testsuites).to.include({ failures: '1', skipped: '1' });
    expect(byCase(judged).get('host querystring.parse.advice.example')?.skipped?.message).to.equal('fail, not counted by the gate: the case cites informative rules only');
  });
});

describe('escapeXmlText / escapeXmlAttribute', () => {
  it('escapes markup characters and shows forbidden characters as \\uXXXX', () => {
    expect(escapeXmlText('a<b>&c')).to.equal('a&lt;b&gt;&amp;c');
    expect(escapeXmlText('\u0000\u001b\ud800x')).to.equal('\\u0000\\u001B\\uD800x');
    expect(escapeXmlText('😀')).to.equal('😀');
  });

  it('keeps quotes and line breaks intact inside attributes', () => {
    expect(escapeXmlAttribute(`"'\n\t\r`)).to.equal('&quot;&apos;&#10;&#9;&#13;');
  });
});
