// Loading rt:https on a runtime without crypto: it throws, catchably with require() in try/catch, with a dynamic
// import() in try/catch, and with a static import only through an uncaughtException handler registered beforehand.
//
// How the condition is produced: each check runs in a child process of the candidate's runtime, loading the module
// from where the runner resolved it (`ctx.candidate.httpsLoadTarget`). For a candidate module that declares a load
// target (the reference, adapters), a preload makes `crypto`, `tls`, `https` and `http2` fail to load for everything
// loaded after it, as on a build without crypto; a control run without the preload first proves the module loads at
// all that way. A runtime's builtin module reaches crypto internally, where no
// preload can intervene, so for builtins the checks run only when the runtime really lacks crypto; otherwise the
// case reports that it does not apply.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { CaseFailure, CaseNotApplicable, defineCases, type CaseContext, type LoadTarget } from '../case.js';
import { untilAborted } from '../kit.js';

/** How a child loads the module. */
type Style = 'require' | 'dynamic-import' | 'static-import' | 'static-import-with-handler';

interface ChildOutcome {
  /** The marked line the child wrote: `loaded`, `caught` (by try/catch) or `handler` (by uncaughtException). */
  readonly report: { outcome: string; leaky?: boolean; name?: string; code?: string; message?: string } | undefined;
  readonly exitCode: number | null;
  readonly stderr: string;
}

const CHILD_LIMIT_MS = 15000;
const MARK = 'RTCONF-LOAD ';

function fixture(ctx: CaseContext, name: string): string {
  return ctx.fixtures.path(join('https', name));
}

/** Writes the static-import program for `specifier` into a temp dir of the case (a static import needs a literal). */
async function staticImportProgram(ctx: CaseContext, specifier: string): Promise<string> {
  const dir = await ctx.tmpDir();
  const file = join(dir, 'static-import.mjs');
  const report = JSON.stringify(MARK + JSON.stringify({ outcome: 'loaded' }) + '\n');
  await writeFile(file, `import ${JSON.stringify(specifier)};\nprocess.stdout.write(${report});\n`);
  return file;
}

function parseReport(stdout: string): ChildOutcome['report'] {
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(MARK));
  if (!line) return undefined;
  try {
    return JSON.parse(line.slice(MARK.length)) as ChildOutcome['report'];
  } catch {
    return undefined;
  }
}

/** Runs one load attempt in a child of the candidate's runtime; the child is killed when the case ends. */
async function attempt(ctx: CaseContext, target: LoadTarget, style: Style, simulate: boolean): Promise<ChildOutcome> {
  const program =
    style === 'require'
      ? [fixture(ctx, 'load-require.cjs'), target.requireSpecifier ?? target.specifier, ...(simulate ? [fixture(ctx, 'esm-imports-crypto.mjs')] : [])]
      : style === 'dynamic-import'
        ? [fixture(ctx, 'load-dynamic-import.mjs'), target.specifier]
        : [await staticImportProgram(ctx, target.specifier)];
  const args = [
    // The handler comes first of all, so it is registered before any attempt to load the module.
    ...(style === 'static-import-with-handler' ? ['--require', fixture(ctx, 'uncaught-handler-preload.cjs')] : []),
    ...target.execArgv,
    ...(simulate ? ['--import', pathToFileURL(fixture(ctx, 'no-crypto-preload.mjs')).href] : []),
    ...program,
  ];
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  const outcome = new Promise<ChildOutcome>((resolve) => {
    const child = execFile(
      ctx.fixtures.execPath,
      args,
      { env, timeout: CHILD_LIMIT_MS, killSignal: 'SIGKILL', maxBuffer: 1 << 20, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error && typeof (error as { code?: unknown }).code === 'number' ? ((error as { code: number }).code) : error ? null : 0;
        resolve({ report: parseReport(stdout), exitCode: code, stderr: stderr.slice(-2000) });
      },
    );
    ctx.defer(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  });
  // The child's own timeout bounds the wait; the end of the case cuts it short (and the cleanup above kills the child).
  return untilAborted(ctx, outcome);
}

/**
 * Makes one load attempt of the given style under the no-crypto condition: simulated for a candidate that declares a
 * load target (after a control attempt proves the module loads that way with crypto), real for a runtime builtin
 * when the runtime lacks crypto. Throws `CaseNotApplicable` when the condition cannot be produced.
 */
async function underNoCrypto(ctx: CaseContext, style: Style): Promise<ChildOutcome> {
  const target = ctx.candidate.httpsLoadTarget;
  if (!target) {
    throw new CaseNotApplicable(
      'the candidate does not say how to load its https module in a fresh process: declare declared.httpsLoadTarget = { specifier, requireSpecifier?, execArgv? } in the adapter (see the README, "Certify your own implementation")',
    );
  }
  if (target.builtin) {
    const hasCrypto = await import('node:crypto').then(
      (crypto) => typeof crypto.createHash === 'function',
      () => false,
    );
    if (hasCrypto) throw new CaseNotApplicable(`this runtime has crypto, and ${target.specifier} is its builtin: a build without crypto cannot be simulated for it`);
    return attempt(ctx, target, style, false);
  }
  const control = await attempt(ctx, target, style === 'static-import-with-handler' ? 'static-import' : style, false);
  if (control.report?.outcome !== 'loaded') {
    throw new Error(`the candidate's https module (${target.specifier}) does not load this way even with crypto present: ${JSON.stringify(control.report)} ${control.stderr}`);
  }
  return attempt(ctx, target, style, true);
}

function caughtBy(outcome: ChildOutcome, expected: 'caught' | 'handler', how: string): void {
  if (outcome.report?.outcome === 'loaded' && outcome.report.leaky) {
    throw new CaseNotApplicable(
      `the module loaded, but this runtime's require() of ES modules bypasses the module hooks that simulate a build without crypto (${process.version}), so that proves nothing`,
    );
  }
  if (outcome.report?.outcome === 'loaded') {
    throw new CaseFailure(`rt:https loaded without crypto (${how})`, { expected: 'an error at load', actual: 'loaded' });
  }
  expect(outcome.report?.outcome, `how the load error surfaced (${how}); stderr: ${outcome.stderr}`).to.equal(expected);
}

export const noCryptoCases = defineCases('https', [
  {
    id: 'https.load.no-crypto-require-throws-catchably',
    rules: ['https.load.no-crypto-cjs-catchable', 'https.load.no-crypto-throws'],
    timeoutMs: 40000,
    async run(ctx) {
      caughtBy(await underNoCrypto(ctx, 'require'), 'caught', 'require() in try/catch');
    },
  },
  {
    id: 'https.load.no-crypto-dynamic-import-rejects-catchably',
    rules: ['https.load.no-crypto-dynamic-import-catchable', 'https.load.no-crypto-throws'],
    timeoutMs: 40000,
    async run(ctx) {
      caughtBy(await underNoCrypto(ctx, 'dynamic-import'), 'caught', 'await import() in try/catch');
    },
  },
  {
    id: 'https.load.no-crypto-static-import-reaches-prior-handler',
    rules: ['https.load.no-crypto-esm-handler-catches', 'https.load.no-crypto-throws'],
    timeoutMs: 40000,
    async run(ctx) {
      const outcome = await underNoCrypto(ctx, 'static-import-with-handler');
      caughtBy(outcome, 'handler', 'static import with an uncaughtException handler from a preload');
      expect(outcome.exitCode, 'exit code once the handler took the error').to.equal(0);
    },
  },
  {
    id: 'https.load.no-crypto-static-import-fails-program-without-handler',
    rules: ['https.load.no-crypto-esm-uncatchable-without-handler', 'https.load.no-crypto-throws'],
    timeoutMs: 40000,
    async run(ctx) {
      const outcome = await underNoCrypto(ctx, 'static-import');
      if (outcome.report?.outcome === 'loaded') {
        throw new CaseFailure('rt:https loaded without crypto (static import)', { expected: 'an error at load', actual: 'loaded' });
      }
      expect(outcome.exitCode, `exit code of the program; stderr: ${outcome.stderr}`).to.be.a('number').and.not.equal(0);
    },
  },
]);
