// Builds the agent bundle: `agent-main` with the cases, the case runner, fast-check, chai and the reference, as one
// dependency-free ESM file any runtime can execute. Built on first use per process and stored under the cache by
// content hash; a later process whose every input is unchanged takes the stored bundle without running esbuild
// (bundle-inputs.ts), so a source change can never run against a stale bundle, and an unchanged tree starts a second
// sooner.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { writeFileAtomically } from '../../io/atomic-write.js';
import { cacheDir } from '../runtimes/cache-dir.js';
import { recordBundleInputs, unchangedBundle } from './bundle-inputs.js';

export interface AgentBundle {
  readonly file: string;
  readonly hash: string;
  /** How long building took (0 when this process had already built it). */
  readonly buildMs: number;
  /** Modules the sources import that do not exist yet; those imports throw when reached. */
  readonly missing: readonly string[];
}

/** Node 18 is the oldest runtime the agent must run in; Bun and Deno accept what Node 18 does. */
const TARGET = 'node18';
/** Bump when the build's options change: a stored bundle built with other options is never taken. */
const OPTIONS_VERSION = 1;

let built: Promise<AgentBundle> | undefined;

/** The entry next to this file: `.ts` when running from sources (tsx), `.js` when running from `dist/`. */
function entryFile(): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), `agent-main${here.endsWith('.ts') ? '.ts' : '.js'}`);
}

/** `rt:x` is the spec's module scheme; every runtime we run in calls it `node:x`. */
const rtScheme: Plugin = {
  name: 'rt-scheme',
  setup(build) {
    build.onResolve({ filter: /^rt:/ }, (args) => ({ path: `node:${args.path.slice(3)}`, external: true }));
  },
};

/**
 * The suite grows while people work on it: a relative import whose file does not exist yet becomes a module that
 * throws when loaded, instead of failing the whole build (the agent loads such parts — the reference's https, say —
 * with dynamic imports and reports the failure per case).
 */
export function missingFiles(missing: string[]): Plugin {
  return {
    name: 'missing-files',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
        const base = join(args.resolveDir, args.path);
        const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.mts')];
        if (candidates.some((file) => existsSync(file))) return undefined;
        missing.push(base);
        return { path: base, namespace: 'missing' };
      });
      build.onLoad({ filter: /.*/, namespace: 'missing' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not part of this build of rt-conformance`)});`,
        loader: 'js',
      }));
    },
  };
}

export function buildAgent(): Promise<AgentBundle> {
  built ??= (async () => {
    const started = performance.now();
    const { build, version } = await import('esbuild');
    const entry = entryFile();
    const key = `${version}\0${OPTIONS_VERSION}\0${TARGET}\0${entry}`;
    const recordFile = join(cacheDir(), 'agent', `agent-inputs-${createHash('sha256').update(entry).digest('hex').slice(0, 16)}.json`);
    const stored = unchangedBundle(recordFile, key);
    if (stored) return { file: stored.file, hash: stored.hash, buildMs: Math.round(performance.now() - started), missing: [...stored.missing] };
    const missing: string[] = [];
    const workingDir = process.cwd();
    const output = await build({
      entryPoints: [entry],
      absWorkingDir: workingDir,
      metafile: true,
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: TARGET,
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [rtScheme, missingFiles(missing)],
      // CommonJS dependencies (picomatch) call require() for builtins; ESM output needs a real require for that.
      banner: { js: `import { createRequire as __rtconfCreateRequire } from 'node:module';\nconst require = __rtconfCreateRequire(import.meta.url);` },
    });
    const code = output.outputFiles[0]?.contents;
    if (!code) throw new Error('esbuild produced no agent bundle');
    const { file, hash } = await storeBundle('agent', code);
    await recordBundleInputs(recordFile, key, Object.keys(output.metafile.inputs), workingDir, missing, { file, hash });
    return { file, hash, buildMs: Math.round(performance.now() - started), missing };
  })();
  built.catch(() => (built = undefined));
  return built;
}

/**
 * Stores built code under the cache by its content hash (`<cache>/agent/<prefix>-<hash>.mjs`), once.
 * @returns the file and the hash
 */
export async function storeBundle(prefix: string, code: Uint8Array | string): Promise<{ file: string; hash: string }> {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = join(cacheDir(), 'agent', `${prefix}-${hash}.mjs`);
  if (!existsSync(file)) await writeFileAtomically(file, code);
  return { file, hash };
}
