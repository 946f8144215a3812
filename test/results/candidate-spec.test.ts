// The candidate-spec grammar: every form parses into its member of the union, writes back as its canonical text (the
// candidate id), and every malformed spec is one CandidateError line, exit 2 from the CLI.
import { expect } from 'chai';
import * as fc from 'fast-check';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CandidateError,
  RUNTIME_NAMES,
  formatCandidateSpec,
  isAdapterPath,
  parseCandidateSpec,
  pinRelease,
  type AdapterSpec,
  type CandidateSpec,
  type NpmSpec,
} from '../../results/candidate-spec.js';
import { MODULES } from '../../spec/rule.js';
import { runCli } from '../cli/run-cli.js';

function refusal(text: string): CandidateError {
  try {
    parseCandidateSpec(text);
  } catch (error) {
    if (error instanceof CandidateError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe('candidate-spec grammar', () => {
  it('parses each form into its member of the union', () => {
    const parsed: Array<[string, CandidateSpec]> = [
      ['reference', { kind: 'reference' }],
      ['host', { kind: 'host' }],
      ['./my-adapter.mjs', { kind: 'adapter', path: './my-adapter.mjs' }],
      ['npm:querystring-es3', { kind: 'npm', packageName: 'querystring-es3' }],
      ['npm:@scope/pkg=querystring', { kind: 'npm', packageName: '@scope/pkg', module: 'querystring' }],
      ['runtime:node@22', { kind: 'runtime', from: 'registry', runtime: 'node', range: '22' }],
      ['runtime:deno@^2.1', { kind: 'runtime', from: 'registry', runtime: 'deno', range: '^2.1' }],
      ['runtime:node@>=18 <20', { kind: 'runtime', from: 'registry', runtime: 'node', range: '>=18 <20' }],
      ['runtime:bun', { kind: 'runtime', from: 'registry', runtime: 'bun' }],
      ['runtime:bun@latest', { kind: 'runtime', from: 'registry', runtime: 'bun', range: 'latest' }],
      ['runtime:/opt/node/bin/node', { kind: 'runtime', from: 'path', path: '/opt/node/bin/node' }],
      ['runtime:~/bin/deno', { kind: 'runtime', from: 'path', path: '~/bin/deno' }],
      ['runtime:workerd@1', { kind: 'workerd', range: '1', compatibilityFlags: [] }],
      ['runtime:workerd', { kind: 'workerd', compatibilityFlags: [] }],
      [
        'runtime:workerd@1.20261117.1,date=2025-04-01,flags=nodejs_compat_v2+no_global_navigator',
        { kind: 'workerd', range: '1.20261117.1', compatibilityDate: '2025-04-01', compatibilityFlags: ['no_global_navigator', 'nodejs_compat_v2'] },
      ],
      ['runtime:bare', { kind: 'bare' }],
      ['runtime:bare@1', { kind: 'bare', range: '1' }],
      ['runtime:bare@1.33.4,layer=1.5', { kind: 'bare', range: '1.33.4', layer: '1.5' }],
      ['runtime:bare,layer=latest', { kind: 'bare', layer: 'latest' }],
      ['runtime:/opt/workerd/bin/workerd,date=2025-08-14,flags=b+a', { kind: 'runtime', from: 'path', path: '/opt/workerd/bin/workerd', compatibilityDate: '2025-08-14', compatibilityFlags: ['a', 'b'] }],
      ['runtime:./build/bin/bare,layer=^1.5', { kind: 'runtime', from: 'path', path: './build/bin/bare', layer: '^1.5' }],
      ['runtime:/opt/a,b/node', { kind: 'runtime', from: 'path', path: '/opt/a,b/node' }],
      ['chromium:./my-adapter.mjs', { kind: 'chromium', target: { kind: 'adapter', path: './my-adapter.mjs' } }],
      ['chromium:npm:querystring-es3=querystring', { kind: 'chromium', target: { kind: 'npm', packageName: 'querystring-es3', module: 'querystring' } }],
    ];
    for (const [text, spec] of parsed) expect(parseCandidateSpec(text), text).to.deep.equal(spec);
  });

  it('tells adapter paths from the other forms', () => {
    for (const text of ['./a.mjs', '../x/a.js', '/abs/a.mjs', 'adapter.cjs', 'a.ts', 'C:\\x\\a.mjs']) {
      expect(isAdapterPath(text), text).to.equal(true);
      expect(parseCandidateSpec(text), text).to.deep.equal({ kind: 'adapter', path: text });
    }
    for (const text of ['reference', 'host', 'npm:querystring-es3', 'runtime:node@22', 'my-adapter']) expect(isAdapterPath(text), text).to.equal(false);
  });

  it('writes each canonical spec back exactly as it was given, so ids stay what they always were', () => {
    for (const text of [
      'reference',
      'host',
      './adapters/my adapter.mjs',
      'npm:querystring-es3',
      'npm:@scope/pkg=https',
      'runtime:node@22',
      'runtime:node@22.x',
      'runtime:node@>=18 <20',
      'runtime:bun',
      'runtime:bun@latest',
      'runtime:/opt/node,with a comma/bin/node',
      'runtime:workerd@1',
      'runtime:workerd,date=2025-04-01',
      'runtime:workerd@^1.2025,date=2025-04-01,flags=a+b_c',
      'runtime:bare@1',
      'runtime:bare@1,layer=1.5.0',
      'runtime:/opt/workerd,date=2025-04-01,flags=a+b',
      'runtime:/opt/bare/bin/bare,layer=1',
      'chromium:../a.mjs',
      'chromium:npm:fast-querystring',
    ]) {
      expect(formatCandidateSpec(parseCandidateSpec(text)), text).to.equal(text);
    }
  });

  it('round-trips every spec it can write (property)', () => {
    const range = fc.constantFrom(undefined, 'latest', '1', '22.7.0', '^2.1', '>=18 <20', '1.20261117.1');
    const adapterSpec: fc.Arbitrary<AdapterSpec> = fc
      .tuple(fc.constantFrom('./', '../', '/', ''), fc.stringMatching(/^[\w ,.@+=-]{1,12}$/), fc.constantFrom('.mjs', '.js', '.cjs', '.ts', '.mts'))
      .map(([prefix, name, extension]) => ({ kind: 'adapter' as const, path: `${prefix}${name}${extension}` }));
    const npmSpec: fc.Arbitrary<NpmSpec> = fc
      .record({ packageName: fc.stringMatching(/^(@[a-z0-9][\w.-]{0,6}\/)?[a-z0-9][\w.-]{0,10}$/), module: fc.option(fc.constantFrom(...MODULES), { nil: undefined }) })
      .map(({ packageName, module }) => ({ kind: 'npm' as const, packageName, ...(module ? { module } : {}) }));
    const day = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    const flags = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/).filter((flag) => flag !== 'nodejs_compat'), { maxLength: 4 }).map((list) => [...list].sort());
    const spec: fc.Arbitrary<CandidateSpec> = fc.oneof(
      fc.constant({ kind: 'reference' as const }),
      fc.constant({ kind: 'host' as const }),
      adapterSpec,
      npmSpec,
      fc.record({ runtime: fc.constantFrom(...RUNTIME_NAMES), range }).map(({ runtime, range: written }) => ({ kind: 'runtime' as const, from: 'registry' as const, runtime, ...(written !== undefined ? { range: written } : {}) })),
      fc.stringMatching(/^\/[\w ,./@-]{1,20}$/).map((path) => ({ kind: 'runtime' as const, from: 'path' as const, path })),
      fc.record({ range, date: fc.option(day, { nil: undefined }), flags }).map(({ range: written, date, flags: list }) => ({
        kind: 'workerd' as const,
        ...(written !== undefined ? { range: written } : {}),
        ...(date !== undefined ? { compatibilityDate: date } : {}),
        compatibilityFlags: list,
      })),
      fc.record({ range, layer: range }).map(({ range: written, layer }) => ({
        kind: 'bare' as const,
        ...(written !== undefined ? { range: written } : {}),
        ...(layer !== undefined ? { layer } : {}),
      })),
      fc.record({ path: fc.stringMatching(/^\/[\w ./@-]{1,20}$/), date: fc.option(day, { nil: undefined }), flags, layer: range }).map(({ path, date, flags: list, layer }) => ({
        kind: 'runtime' as const,
        from: 'path' as const,
        path,
        ...(date !== undefined ? { compatibilityDate: date } : {}),
        ...(list.length > 0 ? { compatibilityFlags: list } : {}),
        ...(layer !== undefined ? { layer } : {}),
      })),
      fc.oneof(adapterSpec, npmSpec).map((target) => ({ kind: 'chromium' as const, target })),
    );
    fc.assert(
      fc.property(spec, (value) => {
        const text = formatCandidateSpec(value);
        expect(parseCandidateSpec(text), text).to.deep.equal(value);
        expect(formatCandidateSpec(parseCandidateSpec(text))).to.equal(text);
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });

  it('gives one workerd candidate one id however its options are written, and two dates of one release two ids', () => {
    const canonical = formatCandidateSpec(parseCandidateSpec('runtime:workerd@1,flags=b+a+b,date=2025-04-01'));
    expect(canonical).to.equal('runtime:workerd@1,date=2025-04-01,flags=a+b');
    expect(formatCandidateSpec(parseCandidateSpec('runtime:workerd@1,date=2025-04-01,flags=a+b'))).to.equal(canonical);
    expect(formatCandidateSpec(parseCandidateSpec('runtime:workerd@1,date=2025-09-01'))).to.not.equal(formatCandidateSpec(parseCandidateSpec('runtime:workerd@1,date=2025-04-01')));
  });

  it('writes a local build\'s options in one order, so one binary with one set of options has one id', () => {
    expect(formatCandidateSpec(parseCandidateSpec('runtime:/opt/workerd,flags=b+a,date=2025-04-01'))).to.equal('runtime:/opt/workerd,date=2025-04-01,flags=a+b');
    expect(formatCandidateSpec(parseCandidateSpec('runtime:/opt/bare,layer=1.5.0'))).to.not.equal(formatCandidateSpec(parseCandidateSpec('runtime:/opt/bare,layer=1.4.0')));
  });

  it('pins a registry runtime or workerd to one release, keeping the rest, and nothing else', () => {
    const pin = (text: string, version: string): string | undefined => {
      const pinned = pinRelease(parseCandidateSpec(text), version);
      return pinned && formatCandidateSpec(pinned);
    };
    expect(pin('runtime:node@22', '22.23.3')).to.equal('runtime:node@22.23.3');
    expect(pin('runtime:bun', '1.4.5')).to.equal('runtime:bun@1.4.5');
    expect(pin('runtime:workerd@1,date=2025-04-01,flags=x', '1.20261117.1')).to.equal('runtime:workerd@1.20261117.1,date=2025-04-01,flags=x');
    expect(pin('runtime:bare@1,layer=1.5', '1.33.4')).to.equal('runtime:bare@1.33.4,layer=1.5');
    for (const text of ['runtime:/opt/node', 'host', 'reference', 'npm:querystring-es3', './a.mjs', 'chromium:./a.mjs']) expect(pin(text, '1.0.0'), text).to.equal(undefined);
  });

  it('refuses every malformed spec with one CandidateError line naming it and what is wrong', () => {
    const refused: Array<[string, RegExp]> = [
      ['', /empty candidate/],
      ['   ', /empty candidate/],
      ['nosuch', /unknown candidate "nosuch": expected reference, host, .*chromium/],
      ['line\nbreak', /control character/],
      ['adapter:my-qs', /how results name an adapter.*by its path/],
      ['npm:', /"" is not an npm package name/],
      ['npm:Bad Name', /is not an npm package name/],
      ['npm:pkg=nosuchmodule', /unknown module "nosuchmodule"/],
      ['npm:pkg=querystring=https', /one "="/],
      ['runtime:', /expected runtime:<node\|bun\|deno\|workerd\|bare>/],
      ['runtime:java@21', /expected runtime:<node\|bun\|deno\|workerd\|bare>/],
      ['runtime:node@', /expected runtime:/],
      ['runtime:node@twenty', /"twenty" is not a version or version range/],
      ['runtime:node@22,date=2025-04-01', /runtime:node takes no options/],
      ['runtime:workerd@one', /"one" is not a version/],
      ['runtime:workerd@1,date=2025-02-30', /date "2025-02-30" is not a date/],
      ['runtime:workerd@1,date=25-04-01', /is not a date YYYY-MM-DD/],
      ['runtime:workerd@1,date=2025-04-01,date=2025-05-01', /date= given twice/],
      ['runtime:workerd@1,flags=', /"" is not a compatibility flag/],
      ['runtime:workerd@1,flags=a++b', /"" is not a compatibility flag/],
      ['runtime:workerd@1,flags=Upper', /"Upper" is not a compatibility flag/],
      ['runtime:workerd@1,flags=nodejs_compat', /nodejs_compat is always on/],
      ['runtime:workerd@1,compat=2025-04-01', /unknown option "compat"/],
      ['runtime:workerd@1,', /unknown option ""/],
      ['runtime:workerd@1,layer=1', /unknown option "layer"/],
      ['runtime:bare@1,date=2025-04-01', /unknown option "date" \(expected runtime:bare/],
      ['runtime:bare@1,layer=', /layer "" is not a version or version range of bare-node-runtime/],
      ['runtime:bare@1,layer=one', /layer "one" is not a version/],
      ['runtime:bare@1,layer=1,layer=2', /layer= given twice/],
      ['runtime:bare@two', /"two" is not a version/],
      ['runtime:node@22,layer=1', /runtime:node takes no options/],
      ['runtime:/opt/workerd,date=2025-02-30', /date "2025-02-30" is not a date/],
      ['runtime:/opt/bare,layer=x.y', /layer "x.y" is not a version/],
      ['runtime:/opt/a,layer=1/bare', /layer "1\/bare" is not a version/],
      ['runtime:/opt/workerd,flags=nodejs_compat', /nodejs_compat is always on/],
      ['chromium:', /expected chromium:\.\/adapter\.mjs or chromium:npm:/],
      ['chromium:host', /expected chromium:\.\/adapter\.mjs or chromium:npm:/],
      ['chromium:npm:pkg=nope', /unknown module "nope"/],
      ['chromium:adapter:my-qs', /how results name an adapter run in Chromium/],
      [`npm:${'x'.repeat(5000)}=nope`, /unknown module "nope"/],
    ];
    for (const [text, reason] of refused) {
      const error = refusal(text);
      expect(error.code, text).to.equal('ERR_RTCONF_CANDIDATE');
      expect(error.message, text).to.match(reason);
      expect(error.message, text).to.not.contain('\n');
      expect(error.message.length, 'a huge spec is echoed clipped').to.be.below(1000);
    }
  });

  it('makes a malformed spec, a missing adapter and a package not installed exit 2 with one line, before anything runs', async function () {
    this.timeout(60000);
    const out = await mkdtemp(join(tmpdir(), 'rtconf-candidate-spec-'));
    try {
      for (const [text, reason] of [
        ['runtime:workerd@1,date=2025-02-30', 'is not a date'],
        ['chromium:./no-such-adapter.mjs', 'no-such-adapter.mjs: no such file'],
        ['chromium:npm:no-such-package-rtconf', 'chromium:npm:no-such-package-rtconf: package not installed'],
      ] as const) {
        const outcome = await runCli(['run', '--candidate', text, '--module', 'querystring', '--out', out]);
        expect(outcome.code, `${text}: ${outcome.stderr}`).to.equal(2);
        expect(outcome.stderr.trim().split('\n'), text).to.have.length(1);
        expect(outcome.stderr, text).to.contain(reason);
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
