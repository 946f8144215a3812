// Builds the agent as a Worker for workerd: `worker-main` with the same cases, case runner and reference as the
// process agent (build-agent.ts), as an ES module workerd serves. Which of Node's modules a Worker has depends on its
// compatibility date and flags (before 2025-09-01 there is no node:fs, node:os or node:child_process), and one static
// import of a module the Worker lacks would stop the whole Worker from loading. So the bundle imports none statically:
// each is a small shim that reads the module from a table, and a generated first module (`main.mjs`) fills that table
// with what this Worker has (and, for what it lacks, the runtime's own error) before it loads the agent. A dynamic
// `import('node:…')` stays as written, so the candidate's builtins (load-candidate-modules.ts) load or fail as
// workerd decides.
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { missingFiles, storeBundle } from './build-agent.js';
import { mainModuleSource, TABLE_KEY } from './worker-main-module.js';

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

let built: Promise<WorkerAgentBundle> | undefined;

function entryFile(): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), `worker-main${here.endsWith('.ts') ? '.ts' : '.js'}`);
}

const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** `node:fs`, `fs`, `rt:https` → `fs`, `https`; undefined when `specifier` is not one of Node's modules. */
function builtinName(specifier: string): string | undefined {
  const bare = specifier.replace(/^(node|rt):/, '');
  return BUILTINS.has(bare) ? bare : undefined;
}

/**
 * Static imports of Node's modules become shims over the table the main module fills (recording which); dynamic ones
 * stay imports of `node:…`, which workerd resolves (or refuses) itself each time.
 */
function workerBuiltins(used: Set<string>): Plugin {
  return {
    name: 'worker-builtins',
    setup(build) {
      build.onResolve({ filter: /^(node:|rt:)?[a-z_][a-z0-9_/]*$/ }, (args) => {
        const name = builtinName(args.path);
        if (name === undefined) return undefined;
        if (args.kind === 'dynamic-import') return { path: `node:${name}`, external: true };
        used.add(name);
        return { path: name, namespace: 'worker-builtin' };
      });
      // CommonJS, so that esbuild reads named imports off the module object when they are used, not at build time.
      build.onLoad({ filter: /.*/, namespace: 'worker-builtin' }, (args) => ({
        contents: `module.exports = globalThis[Symbol.for(${JSON.stringify(TABLE_KEY)})](${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
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
      plugins: [workerBuiltins(used), missingFiles([])],
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
