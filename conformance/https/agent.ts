// https.Agent: construction, plain-HTTP agent options, TLS options given to the agent, createConnection overrides.
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { defineCase } from '../case.js';
import { exchange, failure, startServer } from './_util.js';

type ConnectionOptions = tls.ConnectionOptions & { port?: number | string | null };
type ConnectCallback = (error: Error | null, socket: Duplex) => void;

export const agentCases = [
  defineCase({
    id: 'https.agent.constructs-without-options',
    module: 'https',
    rules: ['https.agent.constructor'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const agent = new ctx.https.Agent();
      ctx.defer(() => agent.destroy());
      expect(agent, 'new Agent()').to.be.instanceOf(ctx.https.Agent);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      expect(reply.body, 'answer over a connection of new Agent()').to.equal('ok');
      expect(reply.tls.encrypted, 'the connection is TLS').to.equal(true);
    },
  }),
  defineCase({
    id: 'https.agent.keep-alive-option-reuses-connection',
    module: 'https',
    rules: ['https.agent.http-agent-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let connections = 0;
      const { server, port } = await startServer(ctx, ctx.https, certs);
      server.on('secureConnection', () => (connections += 1));
      const count = async (keepAlive: boolean): Promise<number> => {
        const agent = new ctx.https.Agent({ keepAlive });
        ctx.defer(() => agent.destroy());
        connections = 0;
        for (let i = 0; i < 3; i++) await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
        return connections;
      };
      expect(await count(true), 'connections for 3 requests with keepAlive: true').to.equal(1);
      expect(await count(false), 'connections for 3 requests with keepAlive: false').to.equal(3);
    },
  }),
  defineCase({
    id: 'https.agent.tls-options-given-to-agent',
    module: 'https',
    rules: ['https.agent.tls-options-from-request-options', 'https.agent.passed-as-agent-option'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => res.end((req.socket as tls.TLSSocket).getPeerCertificate().subject?.CN ?? 'none'), {
        requestCert: true,
        rejectUnauthorized: true,
        ca: certs.ca.cert.pem,
      });
      // ca, key and cert live on the agent only; the request names nothing but the agent.
      const agent = new ctx.https.Agent({ ca: certs.ca.cert.pem, key: certs.client.key.pem, cert: certs.client.cert.pem });
      ctx.defer(() => agent.destroy());
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, agent }, done));
      expect(reply.body, 'client certificate the server saw').to.equal(certs.client.commonName);
      const bare = new ctx.https.Agent();
      ctx.defer(() => bare.destroy());
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, agent: bare }));
      expect(error, 'the same request through an agent without those options').to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.agent.create-connection-returns-socket',
    module: 'https',
    rules: ['https.agent.create-connection-override'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const made: tls.TLSSocket[] = [];
      const received: ConnectionOptions[] = [];
      class Custom extends ctx.https.Agent {
        override createConnection(options: ConnectionOptions): Duplex {
          received.push(options);
          const socket = tls.connect({ ...options, servername: 'localhost' });
          made.push(socket);
          ctx.defer(() => socket.destroy());
          return socket;
        }
      }
      const reply = await exchange((done) => ctx.https.get({ host: '127.0.0.1', port, ca: certs.ca.cert.pem, agent: new Custom() }, done));
      expect(made.length, 'createConnection calls').to.equal(1);
      expect(reply.socket, 'socket the response came on').to.equal(made[0]);
      expect(received[0]?.ca, 'TLS option ca handed to createConnection').to.equal(certs.ca.cert.pem);
    },
  }),
  defineCase({
    id: 'https.agent.create-connection-async-callback',
    module: 'https',
    rules: ['https.agent.create-connection-async'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const made: tls.TLSSocket[] = [];
      class Later extends ctx.https.Agent {
        override createConnection(options: ConnectionOptions, callback?: ConnectCallback): Duplex {
          // Nothing returned: the socket is handed over later, through the callback.
          setTimeout(() => {
            const socket = tls.connect({ ...options, servername: 'localhost' });
            made.push(socket);
            ctx.defer(() => socket.destroy());
            callback?.(null, socket);
          }, 20);
          return undefined as unknown as Duplex;
        }
      }
      const reply = await exchange((done) => ctx.https.get({ host: '127.0.0.1', port, ca: certs.ca.cert.pem, agent: new Later() }, done));
      expect(reply.body, 'answer over the socket given to the callback').to.equal('ok');
      expect(reply.socket, 'socket the response came on').to.equal(made[0]);
    },
  }),
];
