// Builds the agent as a Worker for workerd: `worker-main` with the same cases, case runner and reference as the
// process agent (build-agent.ts), as an ES module workerd serves. Which of Node's modules a Worker has depends on its
// compatibility date and flags (before 2025-09-01 there is no node:fs, node:os or node:child_process), and one static
// import of a module the Worker lacks would stop the whole Worker from loading. So the bundle imports none statically:
// each is a small shim that reads the module from a table, and a generated first module (`main.mjs`) fills that table
// with what this Worker has (and, for what it lacks, the runtime's own error) before it loads the agent. A dynamic
// `import('node:…')` stays as written, so the candidate's builtins (load-candidate-modules.ts) load or fail as
// workerd decides.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingFiles, storeBundle } from './build-agent.js';
import { builtinTable, builtinTableSource } from './builtin-table.js';

export interface WorkerAgentBundle {
  /** The Worker's main module (generated): fills the builtin table, then loads the agent module. */
  readonly main: string;
  /** The agent module, imported by the main module as `./agent.mjs`. */
  readonly agent: string;
  /** Hash of the agent module's content. */
  readonly hash: string;
  /** How long building took (0 when this process had already built it). */
  readonly buildMs: number;
  /** Node's modules the agent imports statically, without the `node:` prefix. */
  readonly builtins: readonly string[];
}

/** The module name the main module imports the agent by; the Worker's config names it so too. */
export const AGENT_MODULE = 'agent.mjs';
export const MAIN_MODULE = 'main.mjs';
/** `Symbol.for` key of the table the main module fills and the shims read. */
const TABLE_KEY = 'rt-conformance.workerBuiltins';

let built: Promise<WorkerAgentBundle> | undefined;

function entryFile(): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), `worker-main${here.endsWith('.ts') ? '.ts' : '.js'}`);
}

/**
 * The generated main module: imports each of `builtins` as this Worker has it, keeps the runtime's error for the ones it
 * lacks, and then loads the agent. A module the Worker lacks is a stand-in whose every function throws that error when
 * called, so only the case that really uses it fails, with the runtime's own words.
 */
export function mainModuleSource(builtins: readonly string[]): string {
  return builtinTableSource({ builtins, tableKey: TABLE_KEY, agent: `./${AGENT_MODULE}`, generator: 'runners/agent/build-worker-agent.ts' });
}

/**
 * Builds (once per process) the Worker agent's two modules into the cache, by content hash.
 * @example
 * const bundle = await buildWorkerAgent(); // { main: '…/worker-main-1a2b….mjs', agent: '…/worker-agent-1a2b….mjs', … }
 */
export function buildWorkerAgent(): Promise<WorkerAgentBundle> {
  built ??= (async () => {
    const started = performance.now();
    const { build } = await import('esbuild');
    const used = new Set<string>();
    const output = await build({
      entryPoints: [entryFile()],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      // Packages are resolved as for any ES module runtime: their ESM entry, else their main file.
      mainFields: ['module', 'main'],
      conditions: ['workerd', 'worker', 'import', 'default'],
      target: 'es2022',
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [builtinTable(used, TABLE_KEY), missingFiles([])],
    });
    const code = output.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild produced no Worker agent bundle');
    const builtins = [...used].sort();
    const agent = await storeBundle('worker-agent', code);
    const main = await storeBundle(`worker-main-${agent.hash}`, mainModuleSource(builtins));
    return { main: main.file, agent: agent.file, hash: agent.hash, buildMs: Math.round(performance.now() - started), builtins };
  })();
  built.catch(() => (built = undefined));
  return built;
}
