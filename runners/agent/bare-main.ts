// The Bare agent's entry point: the agent bundle (build-bare-agent.ts) that Holepunch's Bare executes through its
// Node compatibility layer, as a Node program ported to Bare runs: the layer's globals (`process`, `Buffer`, …) are
// loaded first by the generated main module, and every `node:` import resolves through the layer's import map. Like
// a process agent (agent-main.ts) it connects back to the harness over TCP on 127.0.0.1 (`node:net`, which the layer
// maps to bare-net), serves cases there, and ends with its process group.
import { connectAsStarted } from './tcp-harness-channel.js';
import { describeError } from '../describe-error.js';
import { serveAgent, stringify } from './serve-agent.js';
import { barePlatform } from './bare-platform.js';

async function main(): Promise<void> {
  serveAgent(await connectAsStarted(stringify), barePlatform());
}

main().catch((error: unknown) => {
  process.stderr.write(`rtconf agent: ${describeError(error).message}\n`);
  process.exit(3);
});
