// Types of run-test-file.mjs, for the TypeScript scripts that share its runner (scripts/oracle.mts).

/** How one test file ended on one side. */
export interface FileRun {
  readonly outcome: 'pass' | 'skip' | 'fail' | 'timeout';
  readonly code: number | null;
  readonly signal: string | null;
  readonly ms: number;
  /** The last 12 lines of its output. */
  readonly tail: string;
  /** Its output (stdout and stderr as they came), at most the last OUTPUT_LIMIT characters, trimmed. */
  readonly output: string;
}

export declare const MODULE_PREFIXES: readonly string[];
export declare const OUTPUT_LIMIT: number;
export declare function moduleTestFiles(parallelDir: string, filters?: readonly string[]): string[];
export declare function flagsOf(file: string): string[];
export declare function runTestFile(how: {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}): Promise<FileRun>;
export declare function pool<T>(items: readonly T[], jobs: number, work: (item: T, worker: number) => Promise<void>): Promise<void>;
export declare function threadEnv(env: NodeJS.ProcessEnv, worker: number): NodeJS.ProcessEnv;
