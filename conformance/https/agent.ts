// https.Agent: construction, plain-HTTP agent options, TLS options given to the agent, createConnection overrides. The
// candidate's client talks to a trusted server of the harness, which records the connections it accepted; what the
// TLS options and the overrides decide is judged where it happens (the handshake, the ClientHello).
import type tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import { returnedBy } from '../kit.js';
import type { TrustedServer } from '../trusted-peer-handles.js';
import { attempted, call, completedHandshakes, exchange, helloOf, newAgent, observe, trustedServer, uses, type Attempt } from './_util.js';

type ConnectionOptions = tls.ConnectionOptions & { port?: number | string | null };
type ConnectCallback = (error: Error | null, socket: Duplex) => void;

/**
 * Checks that the connection a createConnection override made is the request's: the trusted server saw that one
 * connection only, opened with the override's customisation (an SNI name, which a request to an IP address would not
 * send), and the response, when one came, came on the override's socket. Judged at the ClientHello, so a request that
 * fails after it (its client offers only ALPN `h2`, say) is still judged on the connection it made.
 */
async function madeTheConnection(ctx: CaseContext, server: TrustedServer, attempt: Attempt, socket: Duplex | undefined): Promise<void> {
  const seen = await observe(ctx, server);
  const hello = helloOf(seen, attempt);
  expect(seen.connections.length, 'connections the server saw: the override\'s only').to.equal(1);
  expect(hello.servername, 'SNI the server received (set by the override)').to.equal('localhost');
  if (attempt.reply) expect(attempt.reply.socket, 'socket the response came on').to.equal(socket);
}

export const agentCases = defineCases('https', [
  {
    id: 'https.agent.constructs-without-options',
    rules: ['https.agent.constructor'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const agent = newAgent(ctx);
      expect(agent, 'new Agent()').to.be.instanceOf(ctx.https.Agent);
      const reply = await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
      expect(reply.body, 'answer over a connection of new Agent()').to.equal('ok');
      expect((await observe(ctx, server)).connections.map((connection) => connection.secure), 'TLS connections the server accepted').to.deep.equal([true]);
    },
  },
  {
    id: 'https.agent.keep-alive-option-reuses-connection',
    rules: ['https.agent.http-agent-options'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const count = async (keepAlive: boolean): Promise<number> => {
        const agent = newAgent(ctx, { keepAlive });
        const before = (await observe(ctx, server)).connections.length;
        for (let i = 0; i < 3; i++) await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
        return (await observe(ctx, server)).connections.length - before;
      };
      expect(await count(true), 'connections the server accepted for 3 requests with keepAlive: true').to.equal(1);
      expect(await count(false), 'connections the server accepted for 3 requests with keepAlive: false').to.equal(3);
    },
  },
  {
    id: 'https.agent.tls-options-given-to-agent',
    rules: ['https.agent.tls-options-from-request-options', 'https.agent.passed-as-agent-option'],
    apis: ['https.Agent'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx, { requestCert: true });
      // ca, key and cert live on the agent only; the request names nothing but the agent. The server's certificate
      // is verified (rejectUnauthorized defaults to true), so the request only succeeds if the agent's ca is used.
      // Both are judged on the handshake each request's connection completed (the certificate is presented there, and
      // it completes only where the agent's ca verified the server), whatever became of the request afterwards.
      const agent = newAgent(ctx, { ca: certs.ca.cert.bytes, key: certs.client.key.bytes, cert: certs.client.cert.bytes });
      const first = await attempted(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, agent }, done));
      const [withCertificate] = completedHandshakes(await observe(ctx, server), first);
      // Through an agent with the ca but without key and cert, the server must see no certificate: it came from the agent.
      const before = (await observe(ctx, server)).connections.length;
      const bare = newAgent(ctx, { ca: certs.ca.cert.bytes });
      const second = await attempted(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, agent: bare }, done));
      const [without] = completedHandshakes(await observe(ctx, server), second, before);
      const presented = [withCertificate, without].map((connection) => connection?.clientCertificate?.subjectCN ?? null);
      expect(presented, 'client certificate the server saw, through the agent with key + cert, then through the one without').to.deep.equal([certs.client.commonName, null]);
    },
  },
  {
    id: 'https.agent.create-connection-returns-socket',
    rules: ['https.agent.create-connection-override'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const made: Duplex[] = [];
      // The override customises the TLS connection the Agent would make: it adds an SNI name, which a request to an
      // IP address would not send, and the server sees it. (Which options the agent hands the override is its own
      // matter: the spec names the hook, not its arguments.)
      class Custom extends ctx.https.Agent {
        override createConnection(options: ConnectionOptions, callback?: ConnectCallback): Duplex {
          const socket = super.createConnection({ ...options, servername: 'localhost' }, callback) as Duplex;
          made.push(socket);
          return socket;
        }
      }
      const agent = returnedBy(() => new Custom(), 'new (a subclass of https.Agent)()', 'https.Agent');
      ctx.defer(() => agent.destroy?.());
      const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ host: '127.0.0.1', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
      // A request that failed without calling the override failed for its own reason: that is what the case reports.
      if (made.length === 0 && attempt.failure) throw attempt.failure;
      expect(made.length, 'createConnection calls').to.equal(1);
      await madeTheConnection(ctx, server, attempt, made[0]);
    },
  },
  {
    id: 'https.agent.create-connection-async-callback',
    rules: ['https.agent.create-connection-async'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const made: Duplex[] = [];
      class Later extends ctx.https.Agent {
        override createConnection(options: ConnectionOptions, callback?: ConnectCallback): Duplex {
          // Nothing returned: the socket the Agent would make (with an SNI name added) is handed over later, through
          // the callback.
          setTimeout(() => {
            let socket: Duplex;
            try {
              socket = super.createConnection({ ...options, servername: 'localhost' }) as Duplex;
            } catch (error) {
              callback?.(error as Error, undefined as unknown as Duplex);
              return;
            }
            made.push(socket);
            ctx.defer(() => socket.destroy());
            callback?.(null, socket);
          }, 20);
          return undefined as unknown as Duplex;
        }
      }
      const agent = returnedBy(() => new Later(), 'new (a subclass of https.Agent)()', 'https.Agent');
      ctx.defer(() => agent.destroy?.());
      const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ host: '127.0.0.1', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
      // A request that failed without calling the override failed for its own reason: that is what the case reports.
      if (made.length === 0 && attempt.failure) throw attempt.failure;
      expect(made.length, 'createConnection calls').to.equal(1);
      await madeTheConnection(ctx, server, attempt, made[0]);
      if (attempt.reply) expect(attempt.reply.body, 'answer over the socket given to the callback').to.equal('ok');
    },
  },
]);
