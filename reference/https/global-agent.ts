// The agent of every request that names no other: keep-alive on and a 5 s socket timeout, unlike a default Agent.
// Held here so that `request` and the module object's `globalAgent` property see the same, replaceable value.
import { Agent } from './agent.js';

/** The current global agent; a live binding, updated by `setGlobalAgent`. */
export let globalAgent: Agent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

/** Replaces the global agent (what assigning `https.globalAgent` does). */
export function setGlobalAgent(agent: Agent): void {
  globalAgent = agent;
}
