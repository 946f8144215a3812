// The process agent's entry point: the agent bundle (build-agent.ts) that a runtime (Node ≥ 18, Bun, Deno) executes,
// or our own Node for adapters and npm candidates. It connects back to the harness over TCP on 127.0.0.1 with the
// port and token from its command line, and serves cases there (serve-agent.ts). It leads its own process group: when
// the harness goes, or a case leaves it unusable, it ends and takes everything it started with it.
import { connectAsStarted } from './tcp-harness-channel.js';
import { describeError } from '../describe-error.js';
import { serveAgent, stringify } from './serve-agent.js';

function exitWithGroup(): never {
  // The agent leads its own process group: take any children a case left behind down with it.
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    // not a group leader here (or the runtime refuses negative pids): exiting is the best we can do
  }
  process.exit(0);
}

async function main(): Promise<void> {
  const channel = await connectAsStarted(stringify);
  serveAgent(channel, {
    exit: exitWithGroup,
    onStrayError(listener) {
      process.on('uncaughtException', (error) => listener(error, 'uncaught-exception'));
      process.on('unhandledRejection', (reason) => listener(reason, 'unhandled-rejection'));
    },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`rtconf agent: ${describeError(error).message}\n`);
  process.exit(3);
});
