// The synchronous variants: spawnSync, execSync and execFileSync block the event loop until the child has exited (the
// spec shows neither their arguments beyond the command nor their results, so completion is observed by its effect).
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineCases, type CaseContext } from '../case.js';
import { api, returnedBy } from '../kit.js';
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

/**
 * The fixture that writes "done" to a file 50 ms after it starts, and the file: the spec shows neither the arguments
 * nor the result of the synchronous variants, so the cases observe completion by its effect, not by a return value.
 */
async function writeLater(ctx: CaseContext): Promise<{ command: string; args: string[]; line: string; marker: string }> {
  const marker = join(await ctx.tmpDir(), 'marker');
  const [command, args] = fixtureCommand(ctx, 'write-later.mjs', '50', marker);
  return { command, args, line: fixtureCommandLine(ctx, 'write-later.mjs', '50', marker), marker };
}

/** What the marker file holds right after the call returned, or `missing`. */
async function markerText(marker: string): Promise<string> {
  return readFile(marker, 'utf8').catch(() => 'missing');
}

export const syncCases = defineCases('child_process', [
  {
    id: 'child_process.spawnSync.blocks-until-child-exits',
    rules: ['child_process.sync.spawn-sync-blocks'],
    async run(ctx) {
      const { command, args, marker } = await writeLater(ctx);
      const spawnSync = api(ctx, 'child_process', 'spawnSync');
      const { ranDuring } = blocks(() => returnedBy(() => spawnSync(command, args), 'child_process.spawnSync', 'child_process.spawnSync'));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(await markerText(marker), 'what the child had written when spawnSync returned').to.equal('done');
    },
  },
  {
    id: 'child_process.execSync.blocks-until-child-exits',
    rules: ['child_process.sync.exec-sync-blocks'],
    async run(ctx) {
      const { line, marker } = await writeLater(ctx);
      const execSync = api(ctx, 'child_process', 'execSync');
      const { ranDuring } = blocks(() => returnedBy(() => execSync(line), 'child_process.execSync', 'child_process.execSync'));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(await markerText(marker), 'what the child had written when execSync returned').to.equal('done');
    },
  },
  {
    id: 'child_process.execFileSync.blocks-until-child-exits',
    rules: ['child_process.sync.exec-file-sync-blocks'],
    async run(ctx) {
      const { command, args, marker } = await writeLater(ctx);
      const execFileSync = api(ctx, 'child_process', 'execFileSync');
      const { ranDuring } = blocks(() => returnedBy(() => execFileSync(command, args), 'child_process.execFileSync', 'child_process.execFileSync'));
      expect(ranDuring, 'no callback ran while waiting').to.equal(false);
      expect(await markerText(marker), 'what the child had written when execFileSync returned').to.equal('done');
    },
  },
]);
