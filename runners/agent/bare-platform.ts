// What an agent running in Bare does where a Node agent uses Node's process: it says it is Bare (the layer's `process`
// claims Node 20.0.0, its compatibility target), hears of stray errors through the layer's `process` (which forwards
// Bare's own events), and ends with its whole process group. Bundled into the Bare agent.
import type { AgentPlatform } from './serve-agent.js';

/** The `Bare` global of the runtime (its own, not the layer's). */
interface BareGlobal {
  readonly version?: string;
}

/**
 * The platform of an agent in Bare.
 * @example
 * serveAgent(channel, barePlatform());
 */
export function barePlatform(): AgentPlatform {
  return {
    exit() {
      // The agent leads its own process group: take any children a case left behind down with it.
      try {
        process.kill(-process.pid, 'SIGKILL');
      } catch {
        // not a group leader here: exiting is the best we can do
      }
      process.exit(0);
    },
    onStrayError(listener) {
      process.on('uncaughtException', listener);
      process.on('unhandledRejection', listener);
    },
    runtime() {
      const bare = (globalThis as { Bare?: BareGlobal }).Bare;
      return { name: 'bare', version: (bare?.version ?? '').replace(/^v/, ''), execPath: process.execPath };
    },
  };
}
