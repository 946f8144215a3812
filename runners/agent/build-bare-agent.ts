// Builds the agent for Holepunch's Bare: `bare-main` with the same cases, case runner and reference as the process
// agent (build-agent.ts), run as a Node program ported to Bare runs, through the compatibility layer
// `bare-node-runtime` (runners/runtimes/bare-layer.ts). Bare has no `node:` modules of its own: the layer's import map
// (the `imports` of the package the agent lies in) sends each to a Bare module, which may lack what Node has, so the
// bundle reaches Node's modules through a table (builtin-table.ts) that a generated main module fills, after loading
// the layer's globals (`bare-node-runtime/global`: `process`, `Buffer`, …). The files are written into the layer's
// folder, whose package.json holds the import map, so that every `node:` import (the candidate's included) resolves
// through it. The fixtures the cases start with the candidate's executable are Node scripts too: they get the same
// treatment, a copy that loads the layer's globals first.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, mkdtemp, writeFile, chmod, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomically } from '../../io/atomic-write.js';
import { fixturePath } from '../../conformance/fixture-path.js';
import { missingFiles } from './build-agent.js';
import { builtinTable, builtinTableSource } from './builtin-table.js';

export interface BareAgentBundle {
  /** The main module (generated): loads the layer's globals, fills the builtin table, then loads the agent module. */
  readonly main: string;
  /** The agent module, imported by the main module. */
  readonly agent: string;
  /** The fixtures as the Bare agent's cases start them: each script loads the layer's globals first. */
  readonly fixturesDir: string;
  /** Hash of the agent module's content. */
  readonly hash: string;
  /** How long building took (0 when this process had already built it). */
  readonly buildMs: number;
  /** Node's modules the agent imports statically, without the `node:` prefix. */
  readonly builtins: readonly string[];
}

/** `Symbol.for` key of the table the main module fills and the shims read. */
const TABLE_KEY = 'rt-conformance.bareBuiltins';
/** What a Node program ported to Bare loads first: the layer's globals. */
export const LAYER_GLOBALS = 'bare-node-runtime/global';

let code: Promise<{ code: Uint8Array; builtins: string[]; buildMs: number }> | undefined;
const stored = new Map<string, Promise<BareAgentBundle>>();

/** A module next to this file: `.ts` when running from sources (tsx), `.js` when running from `dist/`. */
function sibling(name: string): string {
  const here = fileURLToPath(import.meta.url);
  return join(dirname(here), `${name}${here.endsWith('.ts') ? '.ts' : '.js'}`);
}

/**
 * The generated main module: the layer's globals, then the table of Node's modules as the layer maps them, then the agent.
 * @example
 * mainModuleSource(['fs', 'net'], 'bare-agent-1a2b.mjs'); // "…import 'bare-node-runtime/global';…"
 */
export function mainModuleSource(builtins: readonly string[], agentFile: string): string {
  return builtinTableSource({
    builtins,
    tableKey: TABLE_KEY,
    agent: `./${agentFile}`,
    prelude: `import ${JSON.stringify(LAYER_GLOBALS)};\n`,
    generator: 'runners/agent/build-bare-agent.ts',
  });
}

/**
 * A fixture script as a Node program ported to Bare has it: the layer's globals loaded before its own code (an ES
 * module's imports run in order, before its body; a CommonJS one requires them first). Other files stay as they are.
 * @example
 * fixtureForBare('sleep.mjs', 'setTimeout(…)'); // "import 'bare-node-runtime/global';\nsetTimeout(…)"
 */
export function fixtureForBare(name: string, text: string): string {
  if (name.endsWith('.mjs')) return `import ${JSON.stringify(LAYER_GLOBALS)};\n${text}`;
  if (name.endsWith('.cjs')) return `require(${JSON.stringify(LAYER_GLOBALS)});\n${text}`;
  return text;
}

function bundleCode(): Promise<{ code: Uint8Array; builtins: string[]; buildMs: number }> {
  code ??= (async () => {
    const started = performance.now();
    const { build } = await import('esbuild');
    const used = new Set<string>();
    const output = await build({
      entryPoints: [sibling('bare-main')],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      conditions: ['import', 'default'],
      target: 'es2022',
      legalComments: 'none',
      logLevel: 'silent',
      plugins: [builtinTable(used, TABLE_KEY, sibling('bare-supplements')), missingFiles([])],
    });
    const contents = output.outputFiles[0]?.contents;
    if (!contents) throw new Error('esbuild produced no Bare agent bundle');
    return { code: contents, builtins: [...used].sort(), buildMs: Math.round(performance.now() - started) };
  })();
  code.catch(() => (code = undefined));
  return code;
}

/**
 * Builds (once per process) the Bare agent and writes it, with its fixtures, into the layer's folder `layerDir`
 * (`agent/`, by content hash), where the layer's import map applies.
 * @example
 * const bundle = await buildBareAgent(layer.dir); // { main: '…/agent/bare-main-1a2b….mjs', fixturesDir: '…/fixtures-…', … }
 */
export function buildBareAgent(layerDir: string): Promise<BareAgentBundle> {
  let done = stored.get(layerDir);
  if (!done) {
    done = (async () => {
      const { code: contents, builtins, buildMs } = await bundleCode();
      const hash = createHash('sha256').update(contents).digest('hex').slice(0, 16);
      const agentName = `bare-agent-${hash}.mjs`;
      const agent = join(layerDir, 'agent', agentName);
      const main = join(layerDir, 'agent', `bare-main-${hash}.mjs`);
      if (!existsSync(agent)) await writeFileAtomically(agent, contents);
      if (!existsSync(main)) await writeFileAtomically(main, mainModuleSource(builtins, agentName));
      const fixturesDir = await storeFixtures(layerDir);
      return { main, agent, fixturesDir, hash, buildMs, builtins };
    })();
    stored.set(layerDir, done);
    done.catch(() => stored.delete(layerDir));
  }
  return done;
}

/** Copies the fixtures, each script loading the layer's globals first, into `<layerDir>/fixtures-<hash>/` once. */
async function storeFixtures(layerDir: string): Promise<string> {
  const source = dirname(fixturePath('x'));
  const files = await listFiles(source);
  const hash = createHash('sha256');
  const contents: Array<{ name: string; text: string; mode: number }> = [];
  for (const name of files) {
    const file = join(source, name);
    const text = fixtureForBare(name, await readFile(file, 'utf8'));
    const mode = (await stat(file)).mode & 0o777;
    hash.update(`${name}\0${mode}\0${text}\0`);
    contents.push({ name, text, mode });
  }
  const target = join(layerDir, `fixtures-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(target)) return target;
  await mkdir(layerDir, { recursive: true });
  const staging = await mkdtemp(join(layerDir, '.fixtures-'));
  try {
    for (const { name, text, mode } of contents) {
      const file = join(staging, name);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      await chmod(file, mode);
    }
    await rename(staging, target).catch((error: unknown) => {
      // Another run wrote the same fixtures first: theirs are identical.
      if (!existsSync(target)) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}

/** Every file under `dir`, as paths relative to it. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix === '' ? entry.name : join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}
