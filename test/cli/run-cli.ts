// Runs the rtconf CLI from the TypeScript sources (so tests always see the current code, built or not), or any Node
// script, such as the compiled CLI.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliOutcome> {
  return runNode(['--import', TSX, `${ROOT}cli/rtconf.ts`, ...args], options);
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
