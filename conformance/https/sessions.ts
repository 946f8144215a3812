// The Agent's TLS session cache: resumption on later connections, the default bound of 100, an explicit bound, and 0.
// The candidate's client talks to a trusted server of the harness, which tells whether a session was resumed.
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { attempted, call, completedHandshakes, newAgent, observe, trustedServer, uses } from './_util.js';

/**
 * A trusted server and a function that makes one request through `agent` under a given SNI name, resolving whether the
 * server saw the TLS session resumed. Distinct names are distinct cache entries. Verification is off because the names
 * are not the certificate's: a per-request checkServerIdentity would not do, since runtimes rightly refuse to resume
 * sessions for requests that carry their own identity check.
 *
 * The server closes every connection after its response, so each request is a new connection with a handshake of its
 * own whatever the client pools: a client that kept one connection for every request would make one handshake, and
 * "never resumed" would then say nothing of its session cache. A request that still came on an earlier connection
 * leaves the case inconclusive (an error, not a verdict).
 */
async function sessionProbe(ctx: CaseContext, options?: Record<string, unknown>): Promise<(name: string) => Promise<boolean>> {
  uses(ctx, 'get', 'Agent');
  const server = await trustedServer(ctx, { respond: { headers: { connection: 'close' } } });
  const agent = newAgent(ctx, options);
  const used = new Set<number>();
  // The newest connection the server had when the previous request was done: a handshake after it is this request's.
  // (Kept from the observation each request already makes rather than asking again before every request, which cost
  // one more round trip with the whole, growing, observation each time: the 100-session case went from 1 s to 30.)
  let before = 0;
  return async (name) => {
    const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, servername: name, rejectUnauthorized: false, agent }, done));
    const seen = await observe(ctx, server);
    const newestBefore = before;
    before = Math.max(before, ...seen.connections.map((connection) => connection.id));
    const last = seen.requests[seen.requests.length - 1];
    // The connection the response came on; where none came, the handshake the request completed (resumption is
    // decided there, whatever became of the request afterwards).
    if (!attempt.reply) return completedHandshakes(seen, attempt, newestBefore).at(-1)?.sessionReused === true;
    if (last === undefined || used.has(last.connection)) {
      throw new Error(`inconclusive: the request came on no new connection (connection ${String(last?.connection)}), although the server closes each after its response`);
    }
    used.add(last.connection);
    return seen.connections.find((connection) => connection.id === last.connection)?.sessionReused === true;
  };
}

const names = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i}.test`);

export const sessionCases = defineCases('https', [
  {
    id: 'https.agent.resumes-cached-session',
    rules: ['https.agent.caches-tls-sessions'],
    async run(ctx) {
      const resumed = await sessionProbe(ctx);
      expect([await resumed('a.test'), await resumed('a.test'), await resumed('a.test')], 'session resumed, per connection').to.deep.equal([false, true, true]);
    },
  },
  {
    id: 'https.agent.max-cached-sessions-zero-never-resumes',
    rules: ['https.agent.max-cached-sessions-zero-disables'],
    async run(ctx) {
      const resumed = await sessionProbe(ctx, { maxCachedSessions: 0 });
      expect([await resumed('a.test'), await resumed('a.test'), await resumed('a.test')], 'session resumed, per connection').to.deep.equal([false, false, false]);
    },
  },
  {
    id: 'https.agent.max-cached-sessions-bounds-cache',
    rules: ['https.agent.max-cached-sessions-limit'],
    async run(ctx) {
      const resumed = await sessionProbe(ctx, { maxCachedSessions: 2 });
      for (const name of ['a.test', 'b.test', 'c.test']) await resumed(name);
      // Newest first: checking a cached name does not evict anything, so b and c prove room for 2, and then a,
      // the third distinct name, must have been dropped.
      expect({ c: await resumed('c.test'), b: await resumed('b.test'), a: await resumed('a.test') }, 'resumed after a, b, c with maxCachedSessions 2').to.deep.equal({
        c: true,
        b: true,
        a: false,
      });
    },
  },
  {
    id: 'https.agent.max-cached-sessions-default-100',
    rules: ['https.agent.max-cached-sessions-default'],
    timeoutMs: 30000,
    async run(ctx) {
      const resumed = await sessionProbe(ctx);
      const first = names('n', 100);
      for (const name of first) await resumed(name);
      const kept: string[] = [];
      for (const name of first) if (await resumed(name)) kept.push(name);
      if (kept.length !== 100) {
        throw new CaseFailure('a default Agent did not keep the sessions of 100 servers', { expected: 100, actual: kept.length });
      }
      await resumed('extra.test');
      // 101 distinct names now: some earlier session must be gone. Stop at the first miss, since a miss caches anew.
      for (const name of first) if (!(await resumed(name))) return;
      throw new CaseFailure('a default Agent kept more than 100 sessions', { expected: 'at most 100 of 101', actual: 'all 101 resumed' });
    },
  },
]);
