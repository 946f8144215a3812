#!/usr/bin/env node
// Plays the GitHub Action of action.yml on this machine, as scripts/matrix-replay.mjs plays the CI matrix: a fresh
// project folder whose node_modules/.bin/rtconf runs this checkout's CLI (from its sources, unless the caller gives
// the compiled one), then each step of the action as GitHub runs a composite action's steps: its `if:` judged
// (always(), success(), `!=`/`==` on step outputs), `${{ … }}` filled from the inputs and the outputs of earlier
// steps, `run:` steps by bash (`bash --noprofile --norc -eo pipefail`) with their `env:` and `working-directory:`, and
// a fresh $GITHUB_OUTPUT per step and one $GITHUB_STEP_SUMMARY for the job; `uses: actions/upload-artifact@SHA` copies
// its `path` into an artifacts folder. It prints each step's outcome, the job's conclusion, the summary and what was
// uploaded.
//
//   node scripts/action-replay.mjs [--candidate SPEC]... [--module NAME]... [--rule GLOB]... [--case GLOB]...
//                                  [--expect FILE]... [--baseline FILE] [--seed N] [--out DIR] [--keep] [--no-install]
//
// Exit 0 when the job would succeed, 1 when it would fail, 2 when the replay itself could not run. `--no-install`
// plays a project that has not installed rt-conformance. Without --out, a temp folder, removed unless --keep.
import { chmod, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { load } from 'js-yaml';
import { spawnCollect } from './matrix-replay.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TSX = import.meta.resolve('tsx');
export const ACTION_FILE = join(ROOT, 'action.yml');

/** A commit SHA, the only way an action this one uses may be pinned. */
const PINNED = /^[^@\s]+@[0-9a-f]{40}$/;

/**
 * A project folder as a workflow has it after `npm ci`: node_modules/.bin/rtconf runs this checkout's CLI from its
 * sources, and the npm packages the candidates name are linked from the checkout's node_modules.
 * @param dir the folder (created)
 * @param options.install false: no rt-conformance in node_modules (the action must refuse to run)
 * @param options.packages npm packages to link (e.g. querystring-es3, for `npm:querystring-es3`)
 * @param options.cli the arguments of this Node that start the CLI (default: its sources under tsx, which need no
 *   build); a caller that knows dist/ is current passes the compiled CLI, which starts in a third of the time
 */
export async function prepareProject(dir, { install = true, packages = [], cli = ['--import', TSX, join(ROOT, 'cli', 'rtconf.ts')] } = {}) {
  await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true });
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module', devDependencies: { 'rt-conformance': '*' } }, null, 2)}\n`);
  for (const name of packages) await symlink(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  if (!install) return;
  await symlink(ROOT, join(dir, 'node_modules', 'rt-conformance'), 'dir');
  const shim = join(dir, 'node_modules', '.bin', 'rtconf');
  await writeFile(shim, `#!/bin/sh\nexec "${process.execPath}" ${cli.map((arg) => JSON.stringify(arg)).join(' ')} "$@"\n`);
  await chmod(shim, 0o755);
}

/** `${{ … }}` of the action, against the inputs and the step outputs so far; an expression it does not know throws. */
function expression(text, context) {
  const trimmed = text.trim();
  let match = /^inputs\.([\w-]+)$/.exec(trimmed);
  if (match) {
    if (!(match[1] in context.inputs)) throw new Error(`unknown input ${match[1]}`);
    return context.inputs[match[1]];
  }
  match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(trimmed);
  if (match) return context.steps[match[1]]?.outputs?.[match[2]] ?? '';
  throw new Error(`the replay does not evaluate \${{ ${trimmed} }}`);
}

/** Fills every `${{ … }}` of a value. */
function fill(value, context) {
  return String(value).replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner) => expression(inner, context));
}

/**
 * Whether a step runs, as GitHub reads its `if:`: without one, success(); `&&` of always(), success(), failure() and
 * comparisons (`==`, `!=`) of a step output with a quoted string.
 */
export function wouldRun(condition, context) {
  if (condition === undefined) return !context.failed;
  const text = String(condition).replace(/^\$\{\{([\s\S]*)\}\}$/, '$1').trim();
  return text.split('&&').every((part) => {
    const term = part.trim();
    if (term === 'always()') return true;
    if (term === 'success()') return !context.failed;
    if (term === 'failure()') return context.failed;
    const comparison = /^(\S+)\s*(==|!=)\s*'([^']*)'$/.exec(term);
    if (!comparison) throw new Error(`the replay does not evaluate the condition ${term}`);
    const left = expression(comparison[1], context);
    return comparison[2] === '==' ? left === comparison[3] : left !== comparison[3];
  });
}

/** `name=value` lines of a $GITHUB_OUTPUT file (the action writes no multi-line values). */
function parseOutputs(text) {
  const outputs = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}

/**
 * Plays the action's steps in `project` with `inputs` (the action's defaults for the others).
 * @returns each step's outcome and outputs, the job's conclusion, the summary written, the artifacts uploaded
 */
export async function replayAction(project, inputs = {}, { workspace = project } = {}) {
  const action = load(await readFile(ACTION_FILE, 'utf8'));
  const defaults = Object.fromEntries(Object.entries(action.inputs ?? {}).map(([name, spec]) => [name, spec.default ?? '']));
  for (const name of Object.keys(inputs)) if (!(name in defaults)) throw new Error(`action.yml has no input ${name}`);
  const runner = await mkdtemp(join(tmpdir(), 'rtconf-action-runner-'));
  const summaryFile = join(runner, 'step-summary.md');
  await writeFile(summaryFile, '');
  const context = { inputs: { ...defaults, ...inputs }, steps: {}, failed: false };
  const steps = [];
  const artifacts = [];
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      const name = step.name ?? step.uses ?? `step ${index + 1}`;
      if (!wouldRun(step.if, context)) {
        steps.push({ name, outcome: 'skipped' });
        continue;
      }
      if (step.uses) {
        if (!PINNED.test(step.uses)) throw new Error(`${name}: ${step.uses} is not pinned by a commit SHA`);
        if (!step.uses.startsWith('actions/upload-artifact@')) throw new Error(`the replay does not play ${step.uses}`);
        const source = fill(step.with.path, context);
        const artifact = join(runner, 'artifacts', fill(step.with.name, context));
        if (existsSync(source)) {
          await cp(source, artifact, { recursive: true });
          artifacts.push({ name: fill(step.with.name, context), path: artifact });
        }
        steps.push({ name, outcome: 'success' });
        continue;
      }
      const outputFile = join(runner, `output-${index}`);
      await writeFile(outputFile, '');
      const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, fill(value, context)]));
      const cwd = resolve(workspace, fill(step['working-directory'] ?? '.', context));
      if (/\$\{\{/.test(step.run)) throw new Error(`${name}: an expression in run: would be spliced into the script`);
      const outcome = await spawnCollect('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
        cwd,
        env: { ...process.env, ...env, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, GITHUB_WORKSPACE: workspace },
      });
      const outputs = parseOutputs(await readFile(outputFile, 'utf8'));
      if (step.id) context.steps[step.id] = { outputs };
      if (outcome.code !== 0) context.failed = true;
      steps.push({ name, outcome: outcome.code === 0 ? 'success' : 'failure', code: outcome.code, outputs, stdout: outcome.stdout, stderr: outcome.stderr });
    }
    const summary = await readFile(summaryFile, 'utf8');
    const kept = join(workspace, '.action-replay');
    await rm(kept, { recursive: true, force: true });
    await cp(runner, kept, { recursive: true });
    return {
      conclusion: context.failed ? 'failure' : 'success',
      steps,
      summary,
      artifacts: artifacts.map((artifact) => ({ ...artifact, path: artifact.path.replace(runner, kept) })),
      outputs: Object.fromEntries(Object.entries(action.outputs ?? {}).map(([name, spec]) => [name, fill(spec.value, context)])),
    };
  } finally {
    await rm(runner, { recursive: true, force: true });
  }
}

async function main() {
  const USAGE =
    'usage: node scripts/action-replay.mjs [--candidate SPEC]... [--module NAME]... [--rule GLOB]... [--case GLOB]... [--expect FILE]... [--baseline FILE] [--seed N] [--out DIR] [--keep] [--no-install]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        candidate: { type: 'string', multiple: true },
        module: { type: 'string', multiple: true },
        rule: { type: 'string', multiple: true },
        case: { type: 'string', multiple: true },
        expect: { type: 'string', multiple: true },
        baseline: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        keep: { type: 'boolean' },
        'no-install': { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`action-replay: ${error.message.split('\n')[0]}\n${USAGE}\n`);
    return 2;
  }
  const project = values.out ? resolve(values.out) : await mkdtemp(join(tmpdir(), 'rtconf-action-replay-'));
  const absolute = (file) => (isAbsolute(file) ? file : resolve(file));
  try {
    const candidates = values.candidate ?? [];
    await prepareProject(project, { install: !values['no-install'], packages: candidates.filter((spec) => spec.startsWith('npm:')).map((spec) => spec.slice(4).split('=')[0]) });
    const inputs = {
      ...(candidates.length > 0 ? { candidates: candidates.join('\n') } : {}),
      ...(values.module ? { modules: values.module.join(' ') } : {}),
      ...(values.rule ? { rules: values.rule.join(' ') } : {}),
      ...(values.case ? { cases: values.case.join(' ') } : {}),
      ...(values.expect ? { expect: values.expect.map(absolute).join('\n') } : {}),
      ...(values.baseline ? { baseline: absolute(values.baseline) } : {}),
      ...(values.seed ? { seed: values.seed } : {}),
    };
    const replay = await replayAction(project, inputs);
    for (const step of replay.steps) {
      process.stdout.write(`step "${step.name}": ${step.outcome}${step.code ? ` (exit ${step.code})` : ''}\n`);
      for (const line of `${step.stdout ?? ''}${step.stderr ?? ''}`.split('\n')) if (line.startsWith('::')) process.stdout.write(`  ${line}\n`);
    }
    for (const artifact of replay.artifacts) process.stdout.write(`artifact ${artifact.name}: ${artifact.path}\n`);
    process.stdout.write(`outputs: ${JSON.stringify(replay.outputs)}\njob: ${replay.conclusion}\n\n${replay.summary}`);
    return replay.conclusion === 'success' ? 0 : 1;
  } catch (error) {
    process.stderr.write(`action-replay: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  } finally {
    if (!values.out && !values.keep) await rm(project, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
