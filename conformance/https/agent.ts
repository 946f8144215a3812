// https.Agent: construction, plain-HTTP agent options, TLS options given to the agent, createConnection overrides. The
// candidate's client talks to a trusted server of the harness, which records the connections it accepted.
import type tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { defineCases } from '../case.js';
import { returnedBy } from '../kit.js';
import { call, exchange, newAgent, observe, trustedServer, uses } from './_util.js';

type ConnectionOptions = tls.ConnectionOptions & { port?: number | string | null };
type ConnectCallback = (error: Error | null, socket: Duplex) => void;

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
      const reply = await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent }, done));
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
        for (let i = 0; i < 3; i++) await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent }, done));
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
      const agent = newAgent(ctx, { ca: certs.ca.cert.pem, key: certs.client.key.pem, cert: certs.client.cert.pem });
      await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, agent }, done));
      // Through an agent with the ca but without key and cert, the server must see no certificate: it came from the agent.
      const bare = newAgent(ctx, { ca: certs.ca.cert.pem });
      await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, agent: bare }, done));
      const presented = (await observe(ctx, server)).connections.map((connection) => connection.clientCertificate?.subjectCN ?? null);
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
      const reply = await exchange(ctx, (done) => call(ctx, 'get')({ host: '127.0.0.1', port: server.port, ca: certs.ca.cert.pem, agent }, done));
      expect(made.length, 'createConnection calls').to.equal(1);
      expect(reply.socket, 'socket the response came on').to.equal(made[0]);
      const [connection] = (await observe(ctx, server)).connections;
      expect(connection?.servername, 'SNI the server received (set by the override)').to.equal('localhost');
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
      const reply = await exchange(ctx, (done) => call(ctx, 'get')({ host: '127.0.0.1', port: server.port, ca: certs.ca.cert.pem, agent }, done));
      expect(reply.body, 'answer over the socket given to the callback').to.equal('ok');
      expect(reply.socket, 'socket the response came on').to.equal(made[0]);
      const [connection] = (await observe(ctx, server)).connections;
      expect(connection?.servername, 'SNI the server received (set by the override)').to.equal('localhost');
    },
  },
]);
