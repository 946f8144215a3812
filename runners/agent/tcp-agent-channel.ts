// The harness's end of a process agent's channel: a listening socket on 127.0.0.1 that only the agent it was made for
// may use. The agent is told the port and a per-agent token on its command line and must send the token in its first
// line; anything else that connects is just some local process, and is dropped after one bounded line. Frames are
// newline-terminated lines, read with a bound on the line still being received.
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AgentChannel } from './channel.js';
import type { AgentHostEvents } from './agent-host.js';
import { LineFramer } from './line-framer.js';
import { AGENT_PORT_ARG, AGENT_TOKEN_ARG, MAX_LINE_BYTES } from './protocol.js';

/** A channel waiting for its agent: the arguments that tell the agent where it is, and how to give up on it. */
export interface TcpAgentChannel extends AgentChannel {
  /** `--rtconf-port N --rtconf-token T`, for the agent's command line. */
  readonly args: readonly string[];
}

/** The most a stranger may send before its first line is judged. */
const HELLO_BYTES = 4096;

/**
 * Listens for one agent on 127.0.0.1 and reports its channel to `events` once it has proven itself.
 * @returns the channel (already usable for `close`), with the arguments to start the agent with
 * @example
 * const channel = await listenForAgent(events);
 * spawn(process.execPath, [script, ...channel.args]);
 */
export async function listenForAgent(events: Pick<AgentHostEvents, 'opened' | 'frame' | 'corrupt' | 'closed'>): Promise<TcpAgentChannel> {
  const server = createServer();
  const token = randomBytes(16).toString('hex');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let socket: Socket | undefined;
  const framer = new LineFramer(MAX_LINE_BYTES);
  const channel: TcpAgentChannel = {
    args: [AGENT_PORT_ARG, String(port), AGENT_TOKEN_ARG, token],
    send(frame) {
      socket?.write(`${frame}\n`);
    },
    close() {
      socket?.destroy();
      server.close();
    },
  };
  const receive = (chunk: string): void => {
    const { lines, overflow } = framer.push(chunk);
    for (const line of lines) events.frame(line);
    if (overflow) events.corrupt(`a line longer than ${MAX_LINE_BYTES} bytes`);
  };
  server.on('connection', (candidate) => authenticate(candidate, token, () => socket !== undefined, (proven, rest) => {
    socket = proven;
    server.close();
    proven.on('data', (data: Buffer) => receive(data.toString('utf8')));
    proven.on('error', () => undefined);
    proven.on('close', () => events.closed());
    events.opened(channel);
    receive(rest);
  }));
  return channel;
}

/** Reads one bounded line from a new connection and adopts it only if it is the agent's hello with the token. */
function authenticate(socket: Socket, token: string, taken: () => boolean, adopt: (socket: Socket, rest: string) => void): void {
  if (taken()) {
    socket.destroy();
    return;
  }
  let first = '';
  const onData = (chunk: Buffer): void => {
    first += chunk.toString('utf8');
    const newline = first.indexOf('\n');
    if (newline < 0) {
      if (first.length > HELLO_BYTES) socket.destroy();
      return;
    }
    socket.off('data', onData);
    let hello: unknown;
    try {
      hello = JSON.parse(first.slice(0, newline));
    } catch {
      socket.destroy();
      return;
    }
    const fields = hello as { type?: unknown; token?: unknown };
    if (fields.type !== 'hello' || fields.token !== token || taken()) {
      socket.destroy();
      return;
    }
    adopt(socket, first.slice(newline + 1));
  };
  socket.on('data', onData);
  socket.on('error', () => undefined);
}
