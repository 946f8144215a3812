// The agent's channel, one small interface at each end: frames (one encoded protocol message each, protocol.ts) go
// both ways, and nothing else crosses it. What a frame means (decoding, checking, the heartbeat, the trusted-peer and
// certificate requests matched to their replies by id) lives above it, once: agent.ts on the harness's side,
// serve-agent.ts on the agent's. A transport only moves frames, so a new one is a file per end:
//
// - TCP, for process agents (Node, Bun, Deno, and our own Node for adapters and npm packages): the harness listens on
//   127.0.0.1, the agent connects and proves itself with a per-agent token; frames are newline-terminated lines
//   (tcp-agent-channel.ts, tcp-harness-channel.ts).
// - HTTP, for workerd: the agent is a Worker serving requests on 127.0.0.1, and a Worker's work belongs to the request
//   that started it (workerd cancels what is left when that request is answered, and an I/O object of one request
//   cannot be used from another). So the harness opens one request for the agent's whole life and keeps it open both
//   ways: its body streams the harness's frames, the response's body the agent's, newline-terminated as over TCP
//   (http-agent-channel.ts, http-harness-channel.ts). Every case, its heartbeats and its requests to the harness then
//   live in that one request. The request carries a per-agent token; `closed` is the response's end.
// - A page's channel, for Chromium: the harness's end is a binding the page calls (playwright's exposeBinding) for
//   frames from the agent and `page.evaluate` for frames to it; each call carries one frame as a string.
//
// Every end must bound what it holds for a peer that floods it (a frame longer than MAX_LINE_BYTES is corrupt) and
// deliver frames in order. Where the agent lives and how it is stopped (a process group, a workerd process, a page)
// is the agent host's business (agent-host.ts), not the channel's.

/** The harness's end of the channel to one agent. */
export interface AgentChannel {
  /** Sends one frame (an encoded message without newlines); a frame for a closed channel is dropped. */
  send(frame: string): void;
  /** Closes the channel; safe to call twice. The agent notices and ends itself. */
  close(): void;
}

/** What the harness's end reports, in order. */
export interface AgentChannelEvents {
  /** One frame from the agent, possibly blank, not yet decoded: the agent is untrusted, its frames are judged above. */
  frame(text: string): void;
  /** The channel broke its framing (a frame longer than the bound): nothing on it can be trusted any more. */
  corrupt(detail: string): void;
  /** The agent's end closed (it exited, or dropped the channel). */
  closed(): void;
}

/** The agent's end of the channel to the harness (bundled into the agent: no harness-only imports). */
export interface HarnessChannel {
  /** Sends one frame to the harness. */
  send(frame: string): void;
  /**
   * Starts delivering the harness's frames, in order. `closed` is called once when the harness went away or the
   * channel broke; the agent must then end itself and everything it started.
   */
  listen(events: HarnessChannelEvents): void;
  /**
   * Resolves once the frames sent so far have left. Where a send leaves at once (a socket write in a process) there is
   * nothing to wait for; a Worker's frames leave only when its event loop turns, so the agent waits here before a
   * case that may keep the loop busy, or the harness would not hear that the case started.
   */
  flush?(): Promise<void>;
}

export interface HarnessChannelEvents {
  frame(text: string): void;
  closed(): void;
}
