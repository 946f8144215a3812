// Bare's Node compatibility layer, `bare-node-runtime`, installed from the npm registry into the cache once per
// version, with its dependencies (the Bare modules its import map sends Node's modules to; some ship prebuilt native
// addons inside their packages) as npm resolves them then, by npm itself, scripts off. The folder is also the package
// the Bare agent runs in (build-bare-agent.ts): its package.json carries the layer's import map as `imports`, so every
// `node:` import of a module in it resolves as the layer says. Without a registry, the newest cached version in the
// range is used.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rcompare, satisfies, valid } from 'semver';
import { CandidateError } from '../../results/candidate-spec.js';
import { cacheDir } from './cache-dir.js';
import { LAYER_PACKAGE } from './bare-profile.js';
import { RegistryError, resolvePublished } from './npm-registry.js';

export interface BareLayer {
  readonly name: typeof LAYER_PACKAGE;
  readonly version: string;
  /** The installed package folder (package.json with the import map, node_modules). */
  readonly dir: string;
  /** The versions of the modules the layer maps the interface's modules to, as installed (`bare-subprocess` → `6.1.0`). */
  readonly modules: Readonly<Record<string, string>>;
}

/** How long `npm install` of the layer may take before it is given up. */
const INSTALL_TIMEOUT_MS = 5 * 60_000;
/** Where npm's output is cut for an error message. */
const NPM_OUTPUT_CHARS = 600;
/** The modules of the interface, by the specifiers the layer maps. */
const INTERFACE_SPECIFIERS = ['node:child_process', 'node:https', 'node:querystring'] as const;

/**
 * The layer at the newest version in `range` (a version, a range or `latest`), installed into
 * `<cache>/runtimes/bare-node-runtime/<version>/` on first use.
 * @param spec the candidate id, for messages
 * @throws CandidateError when the registry has no such version, or npm cannot install it
 * @example
 * const layer = await ensureBareLayer('1.5.0', 'runtime:bare@1'); // { version: '1.5.0', dir: '…/bare-node-runtime/1.5.0', … }
 */
export async function ensureBareLayer(range: string, spec: string, options: { cache?: string } = {}): Promise<BareLayer> {
  const root = join(options.cache ?? cacheDir(), 'runtimes', LAYER_PACKAGE);
  const exact = valid(range);
  if (exact && isInstalled(join(root, exact))) return describeLayer(exact, join(root, exact));
  let version: string;
  try {
    version = (await resolvePublished(LAYER_PACKAGE, range)).version;
  } catch (error) {
    const offline = error instanceof RegistryError && error.unreachable ? await newestInstalled(root, range) : undefined;
    if (offline) return describeLayer(offline, join(root, offline));
    throw new CandidateError(`candidate ${spec}: ${LAYER_PACKAGE}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const dir = join(root, version);
  if (!isInstalled(dir)) await install(root, version, dir, spec);
  return describeLayer(version, dir);
}

function isInstalled(dir: string): boolean {
  return existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'node_modules', LAYER_PACKAGE, 'imports.json'));
}

async function newestInstalled(root: string, range: string): Promise<string | undefined> {
  const versions = await readdir(root).catch(() => [] as string[]);
  return versions.filter((version) => valid(version) && (range === 'latest' || satisfies(version, range)) && isInstalled(join(root, version))).sort(rcompare)[0];
}

/** npm install into a staging folder, the import map added, then renamed into place: never a half-installed layer. */
async function install(root: string, version: string, dir: string, spec: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const staging = await mkdtemp(join(root, '.install-'));
  try {
    const manifest = { name: 'rtconf-bare-agent', private: true, type: 'module', description: `The package rt-conformance's Bare agent runs in, through ${LAYER_PACKAGE} ${version}.`, dependencies: { [LAYER_PACKAGE]: version } };
    await writeFile(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await npmInstall(staging, spec);
    const imports = JSON.parse(await readFile(join(staging, 'node_modules', LAYER_PACKAGE, 'imports.json'), 'utf8')) as unknown;
    if (typeof imports !== 'object' || imports === null) throw new CandidateError(`candidate ${spec}: ${LAYER_PACKAGE} ${version} has no import map (imports.json)`);
    await writeFile(join(staging, 'package.json'), `${JSON.stringify({ ...manifest, imports }, null, 2)}\n`);
    await rename(staging, dir).catch((error: unknown) => {
      // Another run installed it first.
      if (!isInstalled(dir)) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function npmInstall(cwd: string, spec: string): Promise<void> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--omit=dev', '--no-update-notifier', '--loglevel=error'];
  return new Promise((resolve, reject) => {
    execFile(npm, args, { cwd, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, shell: process.platform === 'win32' }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n').filter((line) => line.trim() !== '').slice(-3).join(' ').slice(0, NPM_OUTPUT_CHARS);
      reject(new CandidateError(`candidate ${spec}: npm could not install ${LAYER_PACKAGE}: ${said || error.message}`));
    });
  });
}

async function describeLayer(version: string, dir: string): Promise<BareLayer> {
  const modules: Record<string, string> = {};
  const map = ((await readJson(join(dir, 'package.json'))) as { imports?: Record<string, unknown> } | undefined)?.imports ?? {};
  for (const specifier of INTERFACE_SPECIFIERS) {
    const target = map[specifier];
    const name = typeof target === 'object' && target !== null ? (target as Record<string, unknown>).bare : target;
    if (typeof name !== 'string') continue;
    const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] ?? name);
    const installed = (await readJson(join(dir, 'node_modules', ...packageName.split('/'), 'package.json'))) as { version?: unknown } | undefined;
    if (typeof installed?.version === 'string') modules[packageName] = installed.version;
  }
  return { name: LAYER_PACKAGE, version, dir, modules };
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}
