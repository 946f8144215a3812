// The synchronous variants: spawnSync, execSync and execFileSync block the event loop until the child has exited and
// then hand back what it did.
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import { fixtureCommand, fixtureCommandLine } from './_util.js';

/** Runs `call` and reports whether a callback queued before it ran while it was blocking. */
function blocks(call: () => unknown): { result: unknown; ranDuring: boolean } {
  let ranDuring = false;
  const timer = setTimeout(() => (ranDuring = true), 0);
  const immediate = setImmediate(() => (ranDuring = true));
  try {
    return { result: call(), ranDuring };
  } finally {
    clearTimeout(timer);
    clearImmediate(immediate);
  }
}

function sleepAndPrint(ctx: CaseContext): [string, string[]] {
  // Prints, then sleeps 50 ms: with the runtime's start-up, long past the moment our timers were due.
  return fixtureCommand(ctx, 'sleep.mjs', '50');
}

export const syncCases = [
  defineCase({
    id: 'child_process.spawnSync.blocks-and-returns-result',
    module: 'child_process',
    rules: ['child_process.sync.spawn-sync-blocks'],
    run(ctx) {
      const [command, args] = sleepAndPrint(ctx);
      const { result, ranDuring } = blocks(() => ctx.cp.spawnSync(command, args, { encoding: 'utf8' }));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(result).to.include({ status: 0, stdout: 'ready\n' });
    },
  }),
  defineCase({
    id: 'child_process.execSync.blocks-and-returns-stdout',
    module: 'child_process',
    rules: ['child_process.sync.exec-sync-blocks'],
    run(ctx) {
      const line = fixtureCommandLine(ctx, 'sleep.mjs', '50');
      const { result, ranDuring } = blocks(() => ctx.cp.execSync(line, { encoding: 'utf8' }));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(result).to.equal('ready\n');
    },
  }),
  defineCase({
    id: 'child_process.execFileSync.blocks-and-returns-stdout',
    module: 'child_process',
    rules: ['child_process.sync.exec-file-sync-blocks'],
    run(ctx) {
      const [command, args] = sleepAndPrint(ctx);
      const { result, ranDuring } = blocks(() => ctx.cp.execFileSync(command, args, { encoding: 'utf8' }));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(result).to.equal('ready\n');
    },
  }),
];
