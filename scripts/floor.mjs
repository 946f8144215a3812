#!/usr/bin/env node
// `npm run floor`: how close a run comes to the least time it could take. Runs the default `rtconf run` (the reference
// and the host, all three modules) from the build (dist/), or with --certify the whole `npm run certify` into a temp
// folder, and reports beside its wall time the two bounds no schedule can beat:
//   - CPU: the CPU time of every process the run started (the harness, agents, runtimes, the children cases spawn;
//     read as this process's reaped children's times) divided by the cores;
//   - chain: the longest wait one case imposes by itself (its timers and time limits), which no parallelism shortens:
//     the longest cases of the run, each run again alone (`rtconf run --case ID`) so that the machine's load does not
//     count as waiting.
// The floor is the larger; the run is near it when wall ÷ floor is small (the target is 1.3). Other work on the
// machine slows the run and not the floor, so the load average and the CPU others used meanwhile are printed too, and
// a loaded floor: the run's CPU on the cores the others left it (cores less their average use), or the chain.
//
//   npm run floor [-- --certify] [--solo N] [--cores N] [--json FILE] [--keep] [-- RUN-ARGS...]
//
// RUN-ARGS go to `rtconf run` (default `--seed 1`), e.g. `-- --candidate reference --module https`. Exit 0 when it
// measured, 2 when a run could not be made (a run's own exit 1, failing cases, is not a failure of the measurement).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'bin', 'rtconf.js');
const USAGE = 'usage: npm run floor -- [--certify] [--solo N] [--cores N] [--json FILE] [--keep] [-- RUN-ARGS...]';

/** Fields of /proc/self/stat after the command name: utime, stime, cutime, cstime (ticks of 1/100 s). */
function ownTimes() {
  const text = readFileSync('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
  return { self: (fields[11] + fields[12]) * 10, children: (fields[13] + fields[14]) * 10 };
}

/** The machine's busy and total CPU time so far, in ms (/proc/stat's first line; ticks of 1/100 s). */
function machineTimes() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((sum, value) => sum + (Number.isFinite(value) ? value : 0), 0);
  return { busy: (total - idle) * 10, total: total * 10 };
}

function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** Runs a command with its output kept (stderr passed through when `echo`); resolves with its exit code and output. */
function run(args, { echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      if (echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 70), stdout, stderr }));
  });
}

/** Wall time, the CPU time of everything the command started, and what the rest of the machine did meanwhile. */
async function measured(args) {
  const before = { own: ownTimes(), machine: machineTimes(), load: loadAverage(), at: performance.now() };
  const outcome = await run(args, { echo: true });
  const after = { own: ownTimes(), machine: machineTimes(), load: loadAverage(), at: performance.now() };
  const cpuMs = after.own.children - before.own.children;
  const machineBusyMs = after.machine.busy - before.machine.busy;
  return {
    ...outcome,
    wallMs: after.at - before.at,
    cpuMs,
    // Our own (this script's) CPU is negligible; what the machine was busy with beyond the run is others' work.
    othersCpuMs: Math.max(0, machineBusyMs - cpuMs - (after.own.self - before.own.self)),
    machineBusyMs,
    load: { before: before.load, after: after.load },
  };
}

/** Every results.json of the run: the run's own, or each certification run's. */
async function resultsFiles(out, certify) {
  if (!certify) return [join(out, 'results.json')];
  const runs = join(out, 'runs');
  const names = existsSync(runs) ? await readdir(runs) : [];
  return names.map((name) => join(runs, name, 'results.json')).filter((file) => existsSync(file));
}

/** The spec that reruns a candidate of a results file: its id, except adapters (named by what they declare). */
function specOf(candidate) {
  if (candidate.kind === 'adapter') return candidate.path;
  if (candidate.id.startsWith('chromium:adapter:')) return undefined;
  return candidate.id;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      certify: { type: 'boolean', default: false },
      solo: { type: 'string', default: '3' },
      cores: { type: 'string', default: String(availableParallelism()) },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const cores = Number(values.cores);
  const solo = Number(values.solo);
  if (!Number.isInteger(cores) || cores < 1 || !Number.isInteger(solo) || solo < 0) {
    process.stderr.write(`floor: --cores takes a whole number of at least 1 and --solo one of at least 0\n${USAGE}\n`);
    return 2;
  }
  if (!existsSync(join(ROOT, 'dist', 'cli', 'rtconf.js'))) {
    process.stderr.write('floor: dist/ is missing: run `npm run build` first (the floor is measured on the build users run)\n');
    return 2;
  }
  const work = await mkdtemp(join(tmpdir(), 'rtconf-floor-'));
  try {
    const out = join(work, 'out');
    const runArgs = positionals.length > 0 ? positionals : ['--seed', '1'];
    const args = values.certify ? [join(ROOT, 'scripts', 'certify.mjs'), '--out', out, '--no-figures'] : [CLI, 'run', ...runArgs, '--out', out];
    process.stderr.write(`floor: ${values.certify ? 'npm run certify' : `rtconf run ${runArgs.join(' ')}`}, load average ${loadAverage()}\n`);
    const whole = await measured(args);
    const files = await resultsFiles(out, values.certify);
    if (files.length === 0) {
      process.stderr.write(`floor: the run wrote no results (exit ${whole.code}): ${whole.stderr.trim().split('\n').pop() ?? ''}\n`);
      return 2;
    }
    const cases = [];
    for (const file of files) {
      const results = JSON.parse(await readFile(file, 'utf8'));
      for (const candidateRun of results.runs) {
        for (const result of candidateRun.results) cases.push({ candidate: candidateRun.candidate, spec: specOf(candidateRun.candidate), case: result.case, inRunMs: result.durationMs, seed: results.seed });
      }
    }
    cases.sort((a, b) => b.inRunMs - a.inRunMs);

    // The longest cases again, each alone: what they take without the rest of the run around them.
    const longest = [];
    for (const item of cases.slice(0, solo)) {
      if (!item.spec) {
        longest.push({ ...item, aloneMs: undefined });
        continue;
      }
      const soloOut = join(work, `solo-${longest.length}`);
      const again = await run([CLI, 'run', '--candidate', item.spec, '--case', item.case, '--seed', String(item.seed), '--out', soloOut]);
      let aloneMs;
      try {
        aloneMs = JSON.parse(await readFile(join(soloOut, 'results.json'), 'utf8')).runs[0]?.results[0]?.durationMs;
      } catch {
        process.stderr.write(`floor: ${item.case} could not be run alone (exit ${again.code})\n`);
      }
      longest.push({ ...item, aloneMs });
    }
    const chainMs = Math.max(0, ...longest.map((item) => item.aloneMs ?? item.inRunMs));
    const cpuFloorMs = whole.cpuMs / cores;
    const floorMs = Math.max(cpuFloorMs, chainMs);
    // The cores others left free on average; at least a tenth of one, so that a saturated machine gives a number.
    const leftCores = Math.max(0.1, cores - whole.othersCpuMs / whole.wallMs);
    const loadedFloorMs = Math.max(whole.cpuMs / leftCores, chainMs);
    const report = {
      command: values.certify ? 'npm run certify' : `rtconf run ${runArgs.join(' ')}`,
      exitCode: whole.code,
      cores,
      wallS: round(whole.wallMs),
      cpuS: round(whole.cpuMs),
      cpuFloorS: round(cpuFloorMs),
      chainS: round(chainMs),
      floorS: round(floorMs),
      wallOverFloor: Number((whole.wallMs / floorMs).toFixed(2)),
      othersCpuS: round(whole.othersCpuMs),
      coresLeft: Number(leftCores.toFixed(2)),
      // Busy nearly all the time: the run got what the others left, so its wall time measures the machine, not its schedule.
      saturated: whole.machineBusyMs >= 0.95 * cores * whole.wallMs,
      loadedFloorS: round(loadedFloorMs),
      wallOverLoadedFloor: Number((whole.wallMs / loadedFloorMs).toFixed(2)),
      load: whole.load,
      cases: cases.length,
      longest: longest.map((item) => ({ candidate: item.candidate.id, case: item.case, inRunS: round(item.inRunMs), aloneS: item.aloneMs === undefined ? null : round(item.aloneMs) })),
    };
    const lines = [
      `${report.command}: ${report.cases} results, exit ${report.exitCode}`,
      `  wall          ${report.wallS} s`,
      `  CPU           ${report.cpuS} s in all processes → ${report.cpuFloorS} s on ${cores} cores`,
      `  chain         ${report.chainS} s (the longest case, alone)`,
      `  floor         ${report.floorS} s; wall ÷ floor = ${report.wallOverFloor}`,
      `  machine       load average ${report.load.before} before, ${report.load.after} after; others used ${report.othersCpuS} CPU s meanwhile`,
      `  loaded floor  ${report.loadedFloorS} s on the ${report.coresLeft} cores others left; wall ÷ loaded floor = ${report.wallOverLoadedFloor}${report.saturated ? ' (the machine was saturated: the wall time measures it, not the schedule)' : ''}`,
      '  longest cases (in the run → alone):',
      ...report.longest.map((item) => `    ${item.inRunS} s → ${item.aloneS ?? '?'} s  [${item.candidate}] ${item.case}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (values.json) await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    return 0;
  } finally {
    if (values.keep) process.stderr.write(`floor: kept ${work}\n`);
    else await rm(work, { recursive: true, force: true });
  }
}

function round(ms) {
  return Number((ms / 1000).toFixed(1));
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    process.stderr.write(`floor: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
