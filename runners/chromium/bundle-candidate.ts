// Bundles a `chromium:` candidate for the browser as a bundler ships it to a page: the adapter or npm package and
// everything it imports, resolved for the browser (package.json "browser" fields and "browser" export conditions,
// esbuild's platform `browser`), with no Node builtins and no Node globals. Nothing is shimmed: a package that needs
// `Buffer`, `process` or `require` finds them missing in the page, as it would on a site, and an import of a Node
// builtin that no installed package provides fails the bundle, as it fails a bundler's build. The bundle exports the
// module's namespace as `namespace`; the page agent checks what it hands over (runners/agent/page-candidate-modules.ts).
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Message } from 'esbuild';
import { packageRoot } from '../../io/package-root.js';
import { CandidateError, type AdapterSpec, type NpmSpec } from '../../results/candidate-spec.js';

export interface CandidateBundle {
  /** The bundle, an ES module exporting `namespace`. */
  readonly code: string;
  /** An npm package's version, from the package.json the bundle took it from. */
  readonly version?: string;
}

/** The name esbuild gives the generated entry that imports the candidate. */
const ENTRY = 'rtconf-candidate-entry.js';

/** Why esbuild refused, in one line: where, what, and for an unresolved Node builtin, what that means in a page. */
function reason(error: Message | undefined, cwd: string): string {
  if (!error) return 'esbuild gave no reason';
  const where = error.location ? `${relative(cwd, error.location.file) || error.location.file}:${error.location.line}:${error.location.column}: ` : '';
  const builtin = /^Could not resolve "([^"]+)"/.exec(error.text)?.[1];
  const text = builtin !== undefined && isBuiltin(builtin) ? `it imports the Node builtin "${builtin}", which a page does not have` : error.text;
  return `${where}${text}`;
}

/** The version of `packageName` that the bundle took: the package.json above the first bundled file of that package. */
function bundledVersion(inputs: readonly string[], packageName: string, cwd: string): string | undefined {
  const marker = `node_modules${sep}${packageName.split('/').join(sep)}${sep}`;
  const file = inputs.map((input) => resolve(cwd, input)).find((input) => input.includes(marker));
  if (!file) return undefined;
  const dir = file.slice(0, file.lastIndexOf(marker) + marker.length);
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bundles the candidate for a page.
 * @param target the adapter (by path) or npm package of a `chromium:` spec
 * @param id the candidate's spec as written, for messages
 * @param cwd where a relative adapter path and npm packages are looked up (npm packages also in rtconf's own install)
 * @throws CandidateError (exit 2) when the adapter is missing or the bundle cannot be made
 */
export async function bundleCandidate(target: AdapterSpec | NpmSpec, id: string, cwd: string): Promise<CandidateBundle> {
  let specifier: string;
  let resolveDir: string;
  if (target.kind === 'adapter') {
    const file = resolve(cwd, target.path);
    if (!existsSync(file)) throw new CandidateError(`adapter ${file}: no such file`);
    specifier = file;
    resolveDir = dirname(file);
  } else {
    specifier = target.packageName;
    resolveDir = cwd;
  }
  const { build } = await import('esbuild');
  try {
    const output = await build({
      stdin: { contents: `import * as namespace from ${JSON.stringify(specifier)};\nexport { namespace };\n`, resolveDir, sourcefile: ENTRY, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      // Packages installed with rtconf (the suite's own polyfill corpus) are found after the user's project.
      nodePaths: [join(packageRoot(), 'node_modules')],
      metafile: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
    const code = output.outputFiles[0]?.text;
    if (code === undefined) throw new CandidateError(`candidate ${id} could not be bundled for the browser: esbuild produced nothing`);
    const version = target.kind === 'npm' ? bundledVersion(Object.keys(output.metafile.inputs), target.packageName, process.cwd()) : undefined;
    return { code, ...(version !== undefined ? { version } : {}) };
  } catch (error) {
    if (error instanceof CandidateError) throw error;
    const errors = (error as { errors?: Message[] }).errors;
    const first = errors?.[0];
    if (target.kind === 'npm' && first?.location?.file.endsWith(ENTRY) && first.text.startsWith('Could not resolve')) {
      throw new CandidateError(`candidate ${id}: package not installed (run: npm install ${target.packageName})`);
    }
    const detail = errors ? reason(errors[0], cwd) : error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CandidateError(`candidate ${id} could not be bundled for the browser: ${detail}`);
  }
}
