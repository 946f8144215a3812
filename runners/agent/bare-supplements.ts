// What the harness's own code in the Bare agent uses of Node's modules and Bare's compatibility layer does not give:
// the kit's deep equality (`util.isDeepStrictEqual`, which bare-utils lacks) and the `execFile` that the child_process
// cases' helper runs a freshly written script with (`writeExecutable`; bare-subprocess has only spawn and spawnSync).
// The Bare agent's build (build-bare-agent.ts) hands each of Node's modules the harness imports through `supplement`.
// The candidate never sees these: its modules are imported on their own (load-candidate-modules.ts), as the layer
// maps them, so what the layer lacks stays a finding.
import { isDeepStrictEqual } from './page-node-builtins.js';

type Callback = (error: (Error & { code?: unknown }) | null) => void;

/** The slice of a spawned child the harness's execFile needs. */
interface SpawnedChild {
  on(event: 'exit', listener: (code: number | null, signal: unknown) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  kill(signal?: string): unknown;
}

type Spawn = (file: string, args: readonly string[], options: { stdio: 'ignore' }) => SpawnedChild;

/**
 * `execFile(file, args, { timeout }, callback)` over the layer's `spawn`, for the harness's own use: the callback gets
 * null when the file ran and exited 0, else an error carrying the code (a start failure's own code, `ETXTBSY` included).
 */
function execFileOver(spawn: Spawn) {
  return (file: string, args: readonly string[], options: { timeout?: number }, callback: Callback): void => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error: (Error & { code?: unknown }) | null): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      callback(error);
    };
    let child: SpawnedChild;
    try {
      child = spawn(file, args, { stdio: 'ignore' });
    } catch (error) {
      settle(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    child.on('error', (error) => settle(error));
    child.on('exit', (code, signal) => settle(code === 0 ? null : Object.assign(new Error(`${file} exited with ${code ?? String(signal)}`), { code })));
    if (options.timeout !== undefined && options.timeout > 0) timer = setTimeout(() => child.kill('SIGKILL'), options.timeout);
  };
}

/** What to add to each module, given the runtime's module, for what it lacks. */
const ADDITIONS: Readonly<Record<string, (module: Record<string, unknown>) => Record<string, unknown>>> = {
  util: () => ({ isDeepStrictEqual }),
  child_process: (module) => (typeof module.spawn === 'function' ? { execFile: execFileOver(module.spawn as Spawn) } : {}),
};

/**
 * The runtime's module `name` as the harness's code sees it: unchanged where it has everything the harness uses,
 * else an object inheriting from it with the missing functions added (what it has always wins).
 * @example
 * supplement('util', bareUtils).isDeepStrictEqual({ a: 1 }, { a: 1 }); // true
 */
export function supplement(name: string, module: unknown): unknown {
  const additions = ADDITIONS[name];
  if (additions === undefined || typeof module !== 'object' || module === null) return module;
  const base = module as Record<string, unknown>;
  const missing = Object.entries(additions(base)).filter(([key]) => !(key in base));
  if (missing.length === 0) return module;
  const view = Object.create(base) as Record<string, unknown>;
  for (const [key, value] of missing) Object.defineProperty(view, key, { value, enumerable: true });
  return view;
}
