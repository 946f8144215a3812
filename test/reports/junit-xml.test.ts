// junit.xml: a well-formed testsuite per candidate and module with counts that add up, statuses mapped to <failure>,
// <error> and <skipped> with message and replay command, and any string a candidate produces kept as text.
import { expect } from 'chai';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MODULES } from '../../spec/rule.js';
import { renderJunitXml } from '../../reports/junit-xml.js';
import type { CaseResult, ResultsFile, Status } from '../../results/results-file.js';
import { escapeXmlAttribute, escapeXmlText } from '../../reports/xml-escape.js';
import { replayCommand } from '../../results/replay.js';
import { buildSampleResults, HOSTILE_ID, HOSTILE_MESSAGE, resultsOf } from './sample-results.js';

// Characters XML 1.0 cannot carry; a parser that meets one must reject the document, so none may ever be written.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface ParsedCase {
  classname: string;
  name: string;
  time: string;
  failure?: { message: string; type: string; '#text'?: string };
  error?: { message: string; type: string; '#text'?: string };
  skipped?: { message: string };
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
