// Runs the rtconf CLI as users run it, compiled, from dist/ when that holds the current code (npm test builds it
// first; a start from dist/ costs about a third of one under tsx), else from the TypeScript sources: either way a test
// sees the code of this checkout. Also runs any Node script, such as the compiled CLI itself.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { staleBuild } from './current-build.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** tsx's loader, by URL: `--import tsx` would be looked up from the working directory, which tests move elsewhere. */
export const TSX = import.meta.resolve('tsx');

export interface CliOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

let entry: readonly string[] | undefined;

/**
 * How to start the CLI (this Node's arguments before rtconf's own), decided once per process: a test file's edits to
 * the sources would be its own mistake, and checking the build costs a walk of the source folders. Exported for tests
 * that start the CLI themselves (to signal it, under another user, or as a project's rtconf), so they too run dist/
 * when it is current.
 */
export function cliEntry(): readonly string[] {
  if (entry) return entry;
  const stale = staleBuild(ROOT);
  if (stale === undefined) return (entry = [`${ROOT}dist/cli/rtconf.js`]);
  // Said once per process, so a run that is slow for this reason says why (npm test builds first; mocha alone may not).
  process.stderr.write(`run-cli: running rtconf from its sources under tsx, as dist/ is not current (${stale}); \`npm run build\` makes CLI tests faster\n`);
  return (entry = ['--import', TSX, `${ROOT}cli/rtconf.ts`]);
}

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliOutcome> {
  return runNode([...cliEntry(), ...args], options);
}

/** Runs this Node with `args` (a script and its arguments), collecting its exit code and output. */
export function runNode(args: readonly string[], options: RunOptions = {}): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
