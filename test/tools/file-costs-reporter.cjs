// A mocha reporter for finding where `npm test`'s time goes: per test file, its wall time and the CPU time it cost
// (this process and every child it waited for: the CLI runs, agents and browsers the file started), slowest first.
//   npx mocha --reporter test/tools/file-costs-reporter.cjs --reporter-option out=costs.json 'test/**/*.test.ts'
// Serial runs only: in --parallel mode mocha replays a file's events after it ends, so the times would be wrong.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;

/** This process's CPU time and its reaped children's, in ms (/proc/self/stat: utime, stime, cutime, cstime). */
function cpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces; the fields after it start past its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

class FileCostsReporter extends Mocha.reporters.Base {
  constructor(runner, options) {
    super(runner, options);
    const out = options.reporterOption?.out ?? options.reporterOptions?.out;
    const files = new Map();
    let current;
    const enter = (file) => {
      if (!file || current?.file === file) return;
      leave();
      current = files.get(file) ?? { file, wallMs: 0, cpuMs: 0, tests: 0, failures: 0, pending: 0 };
      files.set(file, current);
      current.wallStart = performance.now();
      current.cpuStart = cpuMs();
    };
    const leave = () => {
      if (!current) return;
      current.wallMs += performance.now() - current.wallStart;
      current.cpuMs += cpuMs() - current.cpuStart;
      current = undefined;
    };
    runner.on(EVENT_SUITE_BEGIN, (suite) => enter(suite.file));
    runner.on(EVENT_SUITE_END, (suite) => {
      if (suite.file && suite.parent?.root) leave();
    });
    runner.on(EVENT_TEST_PASS, (test) => {
      enter(test.file);
      current.tests++;
    });
    runner.on(EVENT_TEST_FAIL, (test, error) => {
      enter(test.file);
      current.tests++;
      current.failures++;
      process.stdout.write(`  failed: ${relative(process.cwd(), test.file ?? '')}: ${test.fullTitle()}: ${error?.message ?? error}\n`);
    });
    runner.on(EVENT_TEST_PENDING, (test) => {
      enter(test.file);
      current.pending++;
    });
    runner.once(EVENT_RUN_END, () => {
      leave();
      const rows = [...files.values()]
        .map(({ file, wallMs, cpuMs: cpu, tests, failures, pending }) => ({ file: relative(process.cwd(), file), wallMs: Math.round(wallMs), cpuMs: Math.round(cpu), tests, failures, pending }))
        .sort((a, b) => b.wallMs - a.wallMs);
      if (out) writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
      const total = rows.reduce((sum, row) => ({ wallMs: sum.wallMs + row.wallMs, cpuMs: sum.cpuMs + row.cpuMs }), { wallMs: 0, cpuMs: 0 });
      process.stdout.write(`${'wall s'.padStart(8)} ${'cpu s'.padStart(8)}  tests  file\n`);
      for (const row of rows) process.stdout.write(`${(row.wallMs / 1000).toFixed(1).padStart(8)} ${(row.cpuMs / 1000).toFixed(1).padStart(8)}  ${String(row.tests).padStart(5)}  ${row.file}\n`);
      process.stdout.write(`${(total.wallMs / 1000).toFixed(1).padStart(8)} ${(total.cpuMs / 1000).toFixed(1).padStart(8)}  ${String(this.stats.tests).padStart(5)}  in all: ${this.stats.passes} passing, ${this.stats.failures} failing, ${this.stats.pending} pending\n`);
    });
  }
}

module.exports = FileCostsReporter;
