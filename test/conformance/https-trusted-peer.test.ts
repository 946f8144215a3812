import { expect } from 'chai';
import https from 'node:https';
import http from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { CaseMeta } from '../../conformance/case.js';
import type { CertificateSet } from '../../conformance/https/certificate-set.js';
import { createTrustedPeerScope, TrustedPeerError } from '../../conformance/https/trusted-peer-service.js';
import type { ObservedConnection, TrustedPeers } from '../../conformance/https/trusted-peer.js';
import { createAgentRunner } from '../../runners/agent-runner.js';
import { createRunFixtures, type RunFixtures } from '../../runners/run-fixtures.js';
import type { CaseResult } from '../../results/results-file.js';

// The trusted peers of the https cases: what they record must be what happened, in the harness's process and over an
// agent's channel alike, and nothing they open may outlive its case.

/** A GET of the harness's own https client, read to the end. */
function get(options: https.RequestOptions): Promise<{ status: number | undefined; body: string; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = https.get(options, (res) => {
      let body = '';
      let chunks = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        chunks += 1;
      });
      res.on('end', () => resolve({ status: res.statusCode, body, chunks }));
    });
    req.on('error', reject);
  });
}

/** A plain https server of the test, on 127.0.0.1. */
async function nodeServer(certs: CertificateSet, listener: http.RequestListener, options: https.ServerOptions = {}): Promise<{ server: https.Server; port: number }> {
  const server = https.createServer({ key: certs.server.key.pem, cert: certs.server.cert.pem, ...options }, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

describe('https trusted peers', function () {
  this.timeout(30000);
  let fixtures: RunFixtures;
  let certs: CertificateSet;
  let peers: TrustedPeers;
  const closers: Array<() => unknown> = [];
  before(async () => {
    fixtures = createRunFixtures();
    certs = await fixtures.certificates();
    peers = fixtures;
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  after(() => fixtures.close());

  describe('the trusted server', () => {
    it('records the connection and the request as they arrived, and answers as told', async () => {
      const server = await peers.trustedServer({ respond: { status: 201, headers: { 'x-answer': '42' }, body: 'made' } });
      closers.push(() => server.close());
      const reply = await get({ host: 'localhost', port: server.port, path: '/p?q=1', headers: { 'x-custom': 'yes' }, ca: certs.ca.cert.pem, agent: false });
      expect(reply).to.include({ status: 201, body: 'made' });
      const { connections, requests } = await server.observe();
      expect(connections).to.have.length(1);
      expect(connections[0]).to.include({ id: 1, tlsStarted: true, secure: true, servername: 'localhost', protocol: 'TLSv1.3', sessionReused: false, clientCertificate: null });
      expect(requests).to.have.length(1);
      expect(requests[0]).to.include({ connection: 1, method: 'GET', url: '/p?q=1', body: '', complete: true });
      expect(requests[0]?.headers['x-custom']).to.equal('yes');
    });

    it('records the client certificate presented, and no SNI for a request to an IP address', async () => {
      const server = await peers.trustedServer({ requestCert: true });
      closers.push(() => server.close());
      await get({ host: '127.0.0.1', port: server.port, ca: certs.ca.cert.pem, key: certs.client.key.pem, cert: certs.client.cert.pem, agent: false });
      const [connection] = (await server.observe()).connections;
      expect(connection?.clientCertificate?.subjectCN).to.equal(certs.client.commonName);
      expect(connection?.clientAuthorized).to.equal(true);
      expect(connection?.servername).to.equal(false);
    });

    it('sees a resumed TLS session as resumed', async () => {
      const server = await peers.trustedServer();
      closers.push(() => server.close());
      const agent = new https.Agent({ keepAlive: false });
      closers.push(() => agent.destroy());
      for (let i = 0; i < 2; i++) await get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent });
      expect((await server.observe()).connections.map((connection) => connection.sessionReused)).to.deep.equal([false, true]);
    });

    it('keeps an idle keep-alive connection as long as keepAliveTimeoutMs says', async () => {
      const server = await peers.trustedServer({ keepAliveTimeoutMs: 200 });
      closers.push(() => server.close());
      const agent = new https.Agent({ keepAlive: true });
      closers.push(() => agent.destroy());
      await get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent });
      // Node's default (5000 ms) would keep it open well past this; 200 ms closes it from the server's side.
      let closed = false;
      for (let i = 0; i < 100 && !closed; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        closed = (await server.observe()).connections[0]?.closed === true;
      }
      expect(closed, 'the idle connection closed by the server within 2 s').to.equal(true);
    });

    it('writes a body given as parts one part per release', async () => {
      const server = await peers.trustedServer({ respond: { body: ['a', 'b', 'c'] } });
      closers.push(() => server.close());
      const reply = new Promise<string>((resolve, reject) => {
        const req = https.get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent: false }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            void server.release();
          });
          res.on('end', () => resolve(body));
        });
        req.on('error', reject);
      });
      expect(await reply).to.equal('abc');
    });

    it('records a client that speaks plain HTTP as no TLS handshake', async () => {
      const server = await peers.trustedServer();
      closers.push(() => server.close());
      await new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port: server.port, agent: false }, () => resolve());
        req.on('error', () => resolve());
      });
      const [connection] = (await server.observe()).connections;
      expect(connection).to.include({ tlsStarted: false, secure: false });
      expect(connection?.failure?.code).to.equal('ERR_SSL_HTTP_REQUEST');
    });

    it('counts a connection as a TLS handshake from its first record, even when the client gives up during the handshake', async () => {
      const server = await peers.trustedServer();
      closers.push(() => server.close());
      // The first bytes of a TLS handshake record, then nothing: a client that gives up before any key exchange.
      const socket = connect(server.port, '127.0.0.1', () => socket.write(Buffer.from([0x16, 0x03, 0x01, 0x00, 0x04, 0x01, 0x00, 0x00, 0x00])));
      socket.on('error', () => undefined);
      closers.push(() => socket.destroy());
      let connection: ObservedConnection | undefined;
      for (let i = 0; i < 100 && !connection?.tlsStarted; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        [connection] = (await server.observe()).connections;
      }
      expect(connection).to.include({ tlsStarted: true, secure: false });
    });

    it('records a client that rejects its certificate as a handshake begun but never completed, with no request', async () => {
      const server = await peers.trustedServer({ credential: 'otherServer' });
      closers.push(() => server.close());
      const error = await get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent: false }).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).to.be.instanceOf(Error);
      const { connections, requests } = await server.observe();
      expect(connections[0]?.tlsStarted).to.equal(true);
      expect(requests).to.deep.equal([]);
    });

    it('stays observable after it is closed, and refuses connections then', async () => {
      const server = await peers.trustedServer();
      await get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, agent: false });
      await server.close();
      expect((await server.observe()).requests).to.have.length(1);
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => {
          socket.destroy();
          resolve(false);
        });
        socket.on('error', () => resolve(true));
      });
      expect(refused).to.equal(true);
    });
  });

  describe('the trusted client', () => {
    it('records the handshake, and sends requests on one kept-alive connection', async () => {
      const seen: string[] = [];
      const { server, port } = await nodeServer(certs, (req, res) => {
        seen.push(`${req.method} ${req.url} ${req.socket.remotePort}`);
        res.end(`${req.method} ${req.url} ${req.rawHeaders.length / 2}`);
      });
      closers.push(() => server.close());
      closers.push(() => server.closeAllConnections());
      const connection = await peers.trustedClient({ port });
      closers.push(() => connection.close());
      expect(connection.handshake).to.include({ secure: true, authorized: true, protocol: 'TLSv1.3', error: null });
      expect(connection.handshake.peerCertificate?.subjectCN).to.equal('localhost');
      const first = await connection.request({ path: '/a', headers: [['x-1', 'one']] });
      const second = await connection.request({ method: 'POST', path: '/b', body: 'data' });
      expect(first).to.deep.include({ ok: true, status: 200, body: 'GET /a 3' });
      expect(second).to.deep.include({ ok: true, status: 200 });
      expect(new Set(seen.map((line) => line.split(' ')[2])).size, 'connections the server saw').to.equal(1);
    });

    it('sends raw bytes and reports what came back and that the server closed', async () => {
      const { server, port } = await nodeServer(certs, (_req, res) => res.end('ok'), { headersTimeout: 200, requestTimeout: 300, connectionsCheckingInterval: 50 } as https.ServerOptions);
      closers.push(() => server.close());
      closers.push(() => server.closeAllConnections());
      const connection = await peers.trustedClient({ port });
      closers.push(() => connection.close());
      await connection.send('GET / HTTP/1.1\r\nHost: localhost\r\n');
      let observed = await connection.observe();
      for (let i = 0; i < 100 && !observed.closed; i++) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        observed = await connection.observe();
      }
      expect(observed.closed).to.equal(true);
      expect(observed.received).to.match(/^HTTP\/1\.1 408 /);
      expect(await connection.request()).to.deep.include({ ok: false });
    });

    it('reports a refused connection as a failed handshake instead of throwing', async () => {
      const { server, port } = await nodeServer(certs, (_req, res) => res.end());
      await new Promise((resolve) => server.close(resolve));
      const connection = await peers.trustedClient({ port });
      expect(connection.handshake.secure).to.equal(false);
      expect(connection.handshake.error?.code).to.equal('ECONNREFUSED');
    });

    it('presents the client certificate only when asked to', async () => {
      const { server, port } = await nodeServer(certs, (req, res) => res.end(String((req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN ?? 'none')), {
        requestCert: true,
        rejectUnauthorized: false,
        ca: certs.ca.cert.pem,
      });
      closers.push(() => server.close());
      closers.push(() => server.closeAllConnections());
      const withCertificate = await peers.trustedClient({ port, clientCertificate: true });
      closers.push(() => withCertificate.close());
      const without = await peers.trustedClient({ port });
      closers.push(() => without.close());
      expect(await withCertificate.request()).to.deep.include({ ok: true, body: certs.client.commonName });
      expect(await without.request()).to.deep.include({ ok: true, body: 'none' });
    });
  });

  describe('the service', () => {
    it('refuses operations and arguments it does not know, as harness errors', async () => {
      const scope = createTrustedPeerScope(() => fixtures.certificates());
      try {
        for (const [operation, args] of [
          ['server.explode', {}],
          ['server.start', { credential: 'ca' }],
          ['server.start', { keepAliveTimeoutMs: 3_600_000 }],
          ['server.start', { keepAliveTimeoutMs: 'long' }],
          ['client.connect', { port: 70000 }],
          ['client.request', { connection: 1, request: { headers: [['only-a-name']] } }],
        ] as const) {
          const error = await scope.call(operation, args).then(() => undefined, (thrown: unknown) => thrown);
          expect(error, `${operation} ${JSON.stringify(args)}`).to.be.instanceOf(TrustedPeerError);
        }
      } finally {
        await scope.close();
      }
    });

    it('closes every server and connection of a scope when the scope is closed', async () => {
      const scope = createTrustedPeerScope(() => fixtures.certificates());
      const { port } = (await scope.call('server.start', {})) as { port: number };
      const { connection } = (await scope.call('client.connect', { port })) as { connection: number };
      await scope.close();
      expect(((await scope.call('client.observe', { connection })) as { closed: boolean }).closed).to.equal(true);
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.destroy();
          resolve(false);
        });
        socket.on('error', () => resolve(true));
      });
      expect(refused).to.equal(true);
    });
    it('answers a request left waiting when its connection is closed, instead of holding the harness until the peer limit', async () => {
      // A server that reads the request and never answers: the case that made the request has ended, its scope closes.
      const { server, port } = await nodeServer(certs, () => undefined);
      closers.push(() => server.close());
      closers.push(() => server.closeAllConnections());
      const scope = createTrustedPeerScope(() => fixtures.certificates());
      const { connection } = (await scope.call('client.connect', { port })) as { connection: number };
      const pending = Promise.all([
        scope.call('client.request', { connection, request: { path: '/never' } }),
        scope.call('client.request', { connection, request: { path: '/queued' } }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      await scope.close();
      const reply = await Promise.race([pending, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000))]);
      // Whichever way each ends (the socket's own error, or the scope answering it), both end as failed requests.
      expect(reply).to.be.an('array').with.lengthOf(2);
      for (const each of reply as unknown[]) expect(each).to.deep.include({ ok: false }).and.have.nested.property('error.code', 'ECONNRESET');
      expect(performance.now() - started).to.be.below(2000);
    });
  });

  describe('over an agent channel', () => {
    const FIXTURE = fileURLToPath(new URL('./https-trusted-peer.fixture.mjs', import.meta.url));
    const meta = (name: string): CaseMeta => ({ id: `https.trusted-peer-test.${name}`, module: 'https', rules: [] });

    it('serves the agent the harness own peers, and closes what a case left open', async function () {
      this.timeout(60000);
      const runner = createAgentRunner({
        candidate: { id: 'runtime:test', name: 'test', kind: 'runtime' },
        launch: { executable: process.execPath, args: (script) => [script] },
        load: { kind: 'builtins' },
        caseModules: [FIXTURE],
        fixtures,
      });
      const results: CaseResult[] = [];
      try {
        for await (const result of runner.run([meta('server-over-channel'), meta('client-over-channel'), meta('leaves-a-server-open')], { seed: 1, timeoutMs: 10000, jobs: 1 })) {
          results.push(result);
        }
      } finally {
        await runner.close();
      }
      expect(results.slice(0, 2).map((result) => `${result.case}: ${result.status} ${result.message ?? ''}`.trim())).to.deep.equal([
        'https.trusted-peer-test.server-over-channel: pass',
        'https.trusted-peer-test.client-over-channel: pass',
      ]);
      const left = Number(/left open on port (\d+)/.exec(results[2]?.message ?? '')?.[1]);
      expect(left, 'port of the server the case left open').to.be.greaterThan(0);
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(left, '127.0.0.1', () => {
          socket.destroy();
          resolve(false);
        });
        socket.on('error', () => resolve(true));
      });
      expect(refused, 'the server the case left open is closed').to.equal(true);
    });
  });
});
