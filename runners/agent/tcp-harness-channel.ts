// The agent's end of a process agent's channel: it connects to the port the harness gave it on 127.0.0.1, proves
// itself with the token (its first line), then reads and writes newline-terminated frames. Bundled into the agent:
// plain Node APIs that Bun and Deno provide too.
import { connect } from 'node:net';
import type { HarnessChannel } from './channel.js';
import { LineFramer } from './line-framer.js';
import { AGENT_PORT_ARG, AGENT_TOKEN_ARG, MAX_LINE_BYTES, type TcpHello } from './protocol.js';

/**
 * Connects to the harness.
 * @param port the harness's port (`--rtconf-port`)
 * @param hello the token from `--rtconf-token` and this agent's pid, sent first when `listen` is called
 * @param stringify JSON.stringify as captured before any candidate code ran
 * @example
 * const channel = await connectToHarness(port, { type: 'hello', token, pid: process.pid });
 */
async function connectToHarness(port: number, hello: TcpHello, stringify: typeof JSON.stringify = JSON.stringify): Promise<HarnessChannel> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.setEncoding('utf8');
  socket.setNoDelay(true);
  const send = (frame: string): void => void socket.write(`${frame}\n`);
  return {
    send,
    listen(events) {
      const framer = new LineFramer(MAX_LINE_BYTES);
      socket.on('data', (chunk: string) => {
        const { lines, overflow } = framer.push(chunk);
        if (overflow) return events.closed();
        for (const line of lines) events.frame(line);
      });
      socket.on('close', () => events.closed());
      socket.on('error', () => events.closed());
      send(stringify(hello));
    },
  };
}

/** A value of the agent's command line; without it the agent was not started by rtconf, and says so (exit 2). */
function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) {
    process.stderr.write(`rtconf agent: missing ${name}; this file is started by rtconf, not by hand\n`);
    process.exit(2);
  }
  return value;
}

/**
 * Connects to the harness with the port and token its command line carries, as every process agent starts.
 * @param stringify how frames are written (the agent's wire format)
 */
export function connectAsStarted(stringify: typeof JSON.stringify): Promise<HarnessChannel> {
  return connectToHarness(Number(argument(AGENT_PORT_ARG)), { type: 'hello', token: argument(AGENT_TOKEN_ARG), pid: process.pid }, stringify);
}
