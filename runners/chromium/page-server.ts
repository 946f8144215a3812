// The page a `chromium:` candidate's agents run in, served on 127.0.0.1 from memory: the page itself, the page agent's
// script (runners/agent/build-page-agent.ts) and the candidate's own bundle (bundle-candidate.ts). A real http
// origin on loopback, as a site in development is served: a secure context, with module scripts and dynamic imports
// working as they do on any site. Nothing else is served.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageFiles {
  /** The page agent's script, served as agent.js. */
  readonly agent: string;
  /** The candidate's bundle, served as candidate.js (the agent imports it from there). */
  readonly candidate: string;
}

export interface PageServer {
  /** The page's address, e.g. `http://127.0.0.1:40123/agent.html`. */
  readonly url: string;
  close(): Promise<void>;
}

/** The page: nothing but the agent's module script, which imports the candidate once the harness says so. */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>rtconf agent</title><link rel="icon" href="data:,"></head>
<body><script type="module" src="agent.js"></script></body>
</html>
`;

/**
 * Serves `files` on 127.0.0.1 on an ephemeral port until closed.
 * @example
 * const server = await servePage({ agent, candidate });
 * await page.goto(server.url);
 */
export async function servePage(files: PageFiles): Promise<PageServer> {
  const routes = new Map<string, { readonly type: string; readonly body: string }>([
    ['/agent.html', { type: 'text/html; charset=utf-8', body: PAGE }],
    ['/agent.js', { type: 'text/javascript; charset=utf-8', body: files.agent }],
    ['/candidate.js', { type: 'text/javascript; charset=utf-8', body: files.candidate }],
  ]);
  const server: Server = createServer((request, response) => {
    const route = request.method === 'GET' ? routes.get(new URL(request.url ?? '/', 'http://127.0.0.1').pathname) : undefined;
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    response.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
