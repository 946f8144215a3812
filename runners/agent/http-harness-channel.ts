// The agent's end of a Worker agent's channel (channel.ts): one HTTP request the harness keeps open for the agent's
// whole life. Its body carries the harness's frames, the response's body the agent's, each a newline-terminated line.
// In a Worker, what a request starts (timers, sockets, fetches) belongs to that request and is cancelled when it is
// answered; one request open both ways keeps every case, its heartbeats and its requests to the harness in one
// request's life, so nothing of a case is cut off and nothing crosses from one request to another. Bundled into the
// Worker agent: web streams only.
import type { HarnessChannel, HarnessChannelEvents } from './channel.js';
import { LineFramer } from './line-framer.js';
import { MAX_LINE_BYTES } from './protocol.js';

export interface HttpHarnessChannel extends HarnessChannel {
  /** What the Worker answers the harness's request with: the agent's frames, as they are sent. */
  readonly response: Response;
  /** Ends the response and stops reading the request: the harness sees the channel close. */
  close(): void;
}

/**
 * The channel over `request`, whose body streams the harness's frames.
 * @example
 * const channel = httpHarnessChannel(request);
 * serveAgent(channel, platform);
 * return channel.response;
 */
export function httpHarnessChannel(request: Request): HttpHarnessChannel {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let closed = false;
  /** The last write: it settles once its frame has gone into the response (web streams keep writes in order). */
  let lastWrite: Promise<void> = Promise.resolve();
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let events: HarnessChannelEvents | undefined;
  const close = (): void => {
    if (closed) return;
    closed = true;
    writer.close().catch(() => undefined);
    reader?.cancel().catch(() => undefined);
    events?.closed();
  };
  return {
    response: new Response(readable, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } }),
    send(frame) {
      if (closed) return;
      // Not awaited: frames are queued in order, and the harness reads as they come.
      lastWrite = writer.write(encoder.encode(`${frame}\n`)).catch(() => close());
    },
    // The write settles once the frame is in the response's queue; it is sent when workerd's event loop next turns,
    // which a timer lets happen.
    flush: () => lastWrite.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0))),
    listen(listener) {
      events = listener;
      const body = request.body;
      if (!body) {
        close();
        return;
      }
      reader = body.getReader();
      void pump(reader, listener, close);
    },
    close,
  };
}

async function pump(reader: ReadableStreamDefaultReader<Uint8Array>, events: HarnessChannelEvents, close: () => void): Promise<void> {
  const decoder = new TextDecoder();
  const framer = new LineFramer(MAX_LINE_BYTES);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { lines, overflow } = framer.push(decoder.decode(value, { stream: true }));
      if (overflow) break;
      for (const line of lines) events.frame(line);
    }
  } catch {
    // the harness dropped the request: the same as its end
  }
  close();
}
