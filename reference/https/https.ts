// The module object, shaped like the host's `https` exports. `globalAgent` is an accessor so that assigning it (as
// applications do) changes the agent later requests use.
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent } from './agent.js';
import { createServer } from './create-server.js';
import { get } from './get.js';
import { globalAgent, setGlobalAgent } from './global-agent.js';
import { request } from './request.js';
import { Server } from './server.js';

export interface HttpsExports {
  Agent: typeof Agent;
  globalAgent: Agent;
  Server: typeof Server;
  createServer: typeof createServer;
  get: typeof get;
  request: typeof request;
}

/**
 * How to load this module in a fresh process, for the conformance cases that must (loading without crypto): the
 * module's URL, plus the TypeScript loader when it runs from source. Declared under the harness's well-known symbol,
 * non-enumerable so that copies of the module object (such as test mutants) do not claim to be this file.
 */
const LOAD_TARGET = Symbol.for('rt-conformance.loadTarget');
const runsFromSource = extname(fileURLToPath(import.meta.url)) === '.ts';

/** The TypeScript loader's URL. Only ES modules have import.meta.resolve; loaded through require() the target is moot. */
function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return 'tsx';
  }
}

/**
 * The CommonJS build next to the compiled module (scripts/build-reference-cjs.mjs), for `require()`. From source, tsx
 * turns a `require()` of the TypeScript into CommonJS itself, so there is none.
 */
function commonJsBuild(): string | undefined {
  const file = new URL('./index.cjs', import.meta.url);
  return !runsFromSource && existsSync(file) ? file.href : undefined;
}

const loadTarget = {
  specifier: new URL(`./index${runsFromSource ? '.ts' : '.js'}`, import.meta.url).href,
  requireSpecifier: commonJsBuild(),
  execArgv: runsFromSource ? ['--import', tsxLoader()] : [],
};

/** The reference `rt:https` module. */
export const https: HttpsExports = {
  Agent,
  get globalAgent(): Agent {
    return globalAgent;
  },
  set globalAgent(agent: Agent) {
    setGlobalAgent(agent);
  },
  Server,
  createServer,
  get,
  request,
};

Object.defineProperty(https, LOAD_TARGET, { value: loadTarget, enumerable: false });
