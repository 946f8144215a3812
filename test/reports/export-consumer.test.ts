// A consumer of the published certification: it reads docs/conformance/export.json knowing nothing of rtconf but the
// schema shipped in the package (reports/export.schema.json), and answers the question users come with, "is
// child_process.fork usable on each runtime?". The answers are checked against the committed runs' raw results.json,
// read here directly: the export must say what the runs observed.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

/** What a consumer types for the part of the export it reads; everything else it leaves alone. */
interface Export {
  readonly format: string;
  readonly formatVersion: number;
  readonly sources: readonly { readonly file: string }[];
  readonly candidates: readonly {
    readonly id: string;
    readonly kind: string;
    readonly runtime?: string;
    readonly version?: string;
    readonly source: number;
    readonly apis: Readonly<Record<string, { readonly state: string; readonly untested?: string; readonly failing: readonly string[] }>>;
  }[];
}

type Answer = 'usable' | 'usable, with divergences' | 'not usable' | 'not provided' | 'unknown';

/** The consumer's answer, from the schema's documented states alone. */
function answer(api: { readonly state: string; readonly untested?: string } | undefined): Answer {
  switch (api?.state) {
    case 'conformant':
      return 'usable';
    case 'partial':
      return 'usable, with divergences';
    case 'failing':
    case 'stub':
    case 'absent':
      return 'not usable';
    default:
      return api?.untested === 'not-provided' ? 'not provided' : 'unknown';
  }
}

interface RawResult {
  readonly case: string;
  readonly module: string;
  readonly rules: readonly string[];
  readonly status: string;
  readonly message?: string;
  readonly unimplemented?: readonly { readonly api: string }[];
}

/**
 * The same question answered from a run's raw results, independently of rtconf's code: fork is missing or refuses
 * when its module-exports case names it; usable when a case of a fork rule passed; divergent when one failed.
 */
function observed(results: readonly RawResult[]): Answer {
  const ofModule = results.filter((result) => result.module === 'child_process');
  if (ofModule.length > 0 && ofModule.every((result) => result.status === 'skip')) return 'not provided';
  const exportsCase = ofModule.find((result) => result.rules.includes('child_process.general.module-exports'));
  if (exportsCase && (exportsCase.unimplemented?.some((item) => item.api === 'child_process.fork') || /\bchild_process\.fork\b/.test(exportsCase.message ?? ''))) return 'not usable';
  const forkCases = ofModule.filter((result) => result.rules.some((rule) => rule.startsWith('child_process.fork.')));
  if (!forkCases.some((result) => result.status === 'pass')) return 'unknown';
  return forkCases.some((result) => ['fail', 'error', 'timeout', 'crash', 'flaky'].includes(result.status)) ? 'usable, with divergences' : 'usable';
}

describe('a consumer of the published export (docs/conformance/export.json)', () => {
  const data: unknown = JSON.parse(readFileSync(`${ROOT}docs/conformance/export.json`, 'utf8'));

  it('validates it with nothing but the schema shipped in the package', () => {
    const Ajv2020 = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js').default;
    const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(`${ROOT}reports/export.schema.json`, 'utf8')) as object);
    expect(validate(data), JSON.stringify(validate.errors?.slice(0, 3))).to.equal(true);
    expect((data as Export).format).to.equal('rt-conformance-export');
    expect((data as Export).formatVersion).to.equal(2);
  });

  it('answers "is child_process.fork usable?" for every certified candidate as the runs observed it', () => {
    const exported = data as Export;
    const answers = exported.candidates.map((candidate) => ({ candidate, answer: answer(candidate.apis['child_process.fork']) }));
    for (const { candidate, answer: given } of answers) {
      const file = exported.sources[candidate.source]?.file ?? '';
      const raw = JSON.parse(readFileSync(`${ROOT}${file}`, 'utf8')) as { runs: { candidate: { id: string }; results: RawResult[] }[] };
      const run = raw.runs.find((item) => item.candidate.id === candidate.id);
      expect(given, `${candidate.id} (${file})`).to.equal(observed(run?.results ?? []));
    }
    // What the certification says today: fork works on every Node 18–26 and on Bun; Deno's fork works but diverges
    // (uid/gid, a custom execPath); the querystring polyfills do not provide child_process at all.
    const byId = new Map(answers.map(({ candidate, answer: given }) => [candidate.id, given]));
    for (const major of [18, 20, 22, 24, 25, 26]) expect(byId.get(`runtime:node@${major}`), `node ${major}`).to.equal('usable');
    expect(byId.get('runtime:bun@1')).to.equal('usable');
    expect(byId.get('runtime:deno@2')).to.equal('usable, with divergences');
    expect(exported.candidates.find((candidate) => candidate.id === 'runtime:deno@2')?.apis['child_process.fork']?.failing).to.include.members(['child_process.fork.uid', 'child_process.fork.gid']);
    for (const [id, given] of byId) if (id.startsWith('npm:')) expect(given, id).to.equal('not provided');
    expect(exported.candidates.filter((candidate) => candidate.kind === 'runtime').map((candidate) => candidate.runtime)).to.include.members(['node', 'bun', 'deno']);
  });
});
