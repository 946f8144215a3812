// The harness's end of a Worker agent's channel (channel.ts): one POST to the Worker on 127.0.0.1, kept open both ways
// for the agent's whole life. The request's body streams the harness's frames and the response's body the agent's,
// each a newline-terminated line (http-harness-channel.ts is the Worker's end). The request carries the per-agent
// token, so that nothing else on the machine can become the agent's harness; the channel opens once the Worker has
// accepted it (a 200 whose body is the agent's frames).
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AgentHostEvents } from './agent-host.js';
import type { AgentChannel } from './channel.js';
import { LineFramer } from './line-framer.js';
import { AGENT_TOKEN_HEADER, MAX_LINE_BYTES } from './protocol.js';

/** How much of a refusal's body is kept to say why. */
const REFUSAL_BYTES = 1024;

/**
 * Opens the channel to the Worker agent listening on `port`; `events.opened` fires once it has accepted the request.
 * @returns the channel (usable for `close` at once)
 * @example
 * const channel = openHttpChannel(port, token, events);
 */
export function openHttpChannel(port: number, token: string, events: Pick<AgentHostEvents, 'opened' | 'frame' | 'corrupt' | 'closed'>, onRefused: (why: string) => void): AgentChannel {
  let closed = false;
  const request: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/',
    // A fresh connection of its own, never pooled and never timed out by the client: the agent may be quiet between cases.
    agent: false,
    headers: { [AGENT_TOKEN_HEADER]: token, 'content-type': 'text/plain; charset=utf-8', 'transfer-encoding': 'chunked' },
  });
  const channel: AgentChannel = {
    send(frame) {
      if (!closed) request.write(`${frame}\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      request.destroy();
    },
  };
  const ended = (): void => {
    if (closed) return;
    closed = true;
    events.closed();
  };
  request.on('error', ended);
  request.on('close', ended);
  request.on('response', (response) => {
    response.setEncoding('utf8');
    if (response.statusCode !== 200) {
      let body = '';
      response.on('data', (chunk: string) => (body = (body + chunk).slice(0, REFUSAL_BYTES)));
      response.on('end', () => {
        onRefused(`the Worker refused the harness: ${response.statusCode} ${body.trim()}`);
        request.destroy();
      });
      return;
    }
    const framer = new LineFramer(MAX_LINE_BYTES);
    response.on('data', (chunk: string) => {
      const { lines, overflow } = framer.push(chunk);
      for (const line of lines) events.frame(line);
      if (overflow) events.corrupt(`a line longer than ${MAX_LINE_BYTES} bytes`);
    });
    response.on('error', ended);
    response.on('end', ended);
    events.opened(channel);
  });
  // The headers go now; the body is the frames, sent as the agent session goes.
  request.flushHeaders();
  return channel;
}
