// The Worker agent's entry point: the agent bundle (build-worker-agent.ts) that workerd serves on 127.0.0.1. The first
// request that proves itself with the per-agent token (a binding of the Worker's config, workerd-host.ts) becomes the
// agent's channel to the harness (http-harness-channel.ts), and the agent serves cases over it (serve-agent.ts) until
// the harness ends it; any other request is refused. A Worker cannot end its own process: when the agent must end,
// it closes the channel, and the harness, seeing it close, ends the workerd process.
import { httpHarnessChannel, type HttpHarnessChannel } from './http-harness-channel.js';
import { AGENT_TOKEN_HEADER } from './protocol.js';
import { serveAgent } from './serve-agent.js';
import { workerdPlatform } from './workerd-platform.js';

/** The Worker's bindings, as the config written by workerd-host.ts declares them. */
interface Env {
  readonly RTCONF_TOKEN?: string;
  /** The workerd release, which a Worker cannot read from its runtime (`navigator.userAgent` says only Cloudflare-Workers). */
  readonly RTCONF_WORKERD_VERSION?: string;
}

let session: HttpHarnessChannel | undefined;

export default {
  fetch(request: Request, env: Env): Response {
    const token = env.RTCONF_TOKEN;
    if (!token || request.headers.get(AGENT_TOKEN_HEADER) !== token || request.method !== 'POST') return new Response('not the harness\n', { status: 403 });
    if (session) return new Response('this agent already has a harness\n', { status: 409 });
    const channel = httpHarnessChannel(request);
    session = channel;
    serveAgent(channel, workerdPlatform(channel, env.RTCONF_WORKERD_VERSION ?? ''));
    return channel.response;
  },
};
