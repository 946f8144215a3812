// Builds the page agent: page-agent-main with the querystring cases, the case kit, execute-case, the session
// (serve-agent.ts), fast-check, chai and the reference's querystring (the oracle), as one ESM script for a browser page.
// The candidate is not in it: it is bundled on its own (runners/chromium/bundle-candidate.ts), so that nothing the
// harness's code needs reaches the candidate's page environment.
//
// Our code imports a few Node builtins that a page does not have. As a package's "browser" field does, the build maps
// those files for the page (PAGE_MAP): the Node builtins to page-node-builtins.ts, the candidate loader to the page's,
// the child_process and https cases, which a page cannot run, to none, and the reference's child_process and https
// (oracles of those cases only) and the reference's load target (the in-process candidate's only) to a module that
// refuses to load. Any other Node builtin fails the build.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

export interface PageAgentBundle {
  readonly code: string;
  readonly hash: string;
  /** How long building took (0 when this process had already built it). */
  readonly buildMs: number;
}

/** The Node builtins our code in the page may import, all served by page-node-builtins.ts. */
const PAGE_BUILTINS = ['node:util', 'node:timers', 'node:path', 'node:url', 'node:fs/promises', 'node:os', 'node:buffer'];

/**
 * Files of ours replaced in the page, by their path from the package root without extension: by another file (a
 * path), by a module exporting no cases (`no-cases`), or by one that throws when loaded (`absent`: serve-agent loads
 * each oracle module on its own and does without one that fails).
 */
const PAGE_MAP: Readonly<Record<string, string>> = {
  'runners/agent/load-candidate-modules': 'runners/agent/page-candidate-modules',
  'conformance/child_process/index': 'no-cases',
  'conformance/https/index': 'no-cases',
  'reference/child_process': 'absent',
  'reference/https': 'absent',
  'runners/reference-load-target': 'absent',
};

/** What the generated modules of PAGE_MAP contain. */
const GENERATED: Readonly<Record<string, (key: string) => string>> = {
  'no-cases': () => 'export const cases = [];\n',
  absent: (key) => `throw new Error(${JSON.stringify(`${key} is not part of the page agent`)});\n`,
};

const HERE = dirname(fileURLToPath(import.meta.url));
/** The package root as this file sees it: the repository when run from sources, dist/ when compiled. */
const ROOT = join(HERE, '..', '..');
const EXTENSION = fileURLToPath(import.meta.url).endsWith('.ts') ? '.ts' : '.js';

let built: Promise<PageAgentBundle> | undefined;

/**
 * Whether `file` is one of our own modules: under the package root `root`, and not in a `node_modules` folder of it.
 * The candidate's and our dependencies' files (chai, fast-check) are elsewhere, wherever the package is installed:
 * a package installed as a dependency lives under a consumer's `node_modules` itself, so a path's mere mention of
 * `node_modules` tells nothing. Both paths are compared as esbuild reports them, with symbolic links resolved.
 * @example
 * isOwnModule('/app/node_modules/rt-conformance/dist', '/app/node_modules/rt-conformance/dist/runners/x.js'); // true
 * isOwnModule('/app/node_modules/rt-conformance/dist', '/app/node_modules/chai/index.js'); // false
 */
function isOwnModule(root: string, file: string): boolean {
  const path = relative(root, file);
  if (path === '' || isAbsolute(path)) return false;
  const [first] = path.split(sep);
  return first !== '..' && first !== 'node_modules';
}

/** The package root with symbolic links resolved, as esbuild reports importers (a linked install, a pnpm store). */
function realRoot(): string {
  try {
    return realpathSync(ROOT);
  } catch {
    return ROOT;
  }
}

function sourceFile(fromRoot: string): string {
  return join(ROOT, `${fromRoot}${EXTENSION}`);
}

const pageMap: Plugin = {
  name: 'page-map',
  setup(build) {
    const root = realRoot();
    build.onResolve({ filter: /^node:/ }, (args) => {
      if (PAGE_BUILTINS.includes(args.path)) return { path: sourceFile('runners/agent/page-node-builtins') };
      return { errors: [{ text: `the page agent cannot import ${args.path} (imported by ${relative(ROOT, args.importer)}): a page has no Node builtins` }] };
    });
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (!isOwnModule(root, args.importer)) return undefined;
      const key = relative(root, join(args.resolveDir, args.path)).replace(/\.js$/, '').split(sep).join('/');
      const mapped = PAGE_MAP[key];
      if (mapped === undefined) return undefined;
      if (GENERATED[mapped]) return { path: key, namespace: 'page-generated', pluginData: mapped };
      return { path: sourceFile(mapped) };
    });
    build.onLoad({ filter: /.*/, namespace: 'page-generated' }, (args) => ({
      contents: GENERATED[args.pluginData as string]?.(args.path) ?? '',
      loader: 'js',
    }));
  },
};

/**
 * The page agent's script, built once per process (esbuild takes well under a second).
 * @example
 * const { code } = await buildPageAgent(); // served as agent.js beside the page
 */
export function buildPageAgent(): Promise<PageAgentBundle> {
  built ??= (async () => {
    const started = performance.now();
    const { build } = await import('esbuild');
    const entry = join(HERE, `page-agent-main${EXTENSION}`);
    if (!existsSync(entry)) throw new Error(`the page agent's entry ${entry} is missing from this build of rt-conformance`);
    const output = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [pageMap],
    });
    const code = output.outputFiles[0]?.text;
    if (!code) throw new Error('esbuild produced no page agent');
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    return { code, hash, buildMs: Math.round(performance.now() - started) };
  })();
  built.catch(() => (built = undefined));
  return built;
}
