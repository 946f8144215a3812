// Client certificates: a server created with TLS server options asking for one, and a client presenting key + cert
// or a pfx bundle.
import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import type { CertificateSet } from './certificates.js';
import { exchange, failure, startServer } from './_util.js';

/** A server that requires a client certificate from the case's CA and answers with its subject CN. */
async function requiringServer(ctx: CaseContext): Promise<{ certs: CertificateSet; port: number }> {
  const certs = await ctx.fixtures.certificates();
  const { port } = await startServer(ctx, ctx.https, certs, (req, res) => res.end((req.socket as TLSSocket).getPeerCertificate().subject?.CN ?? ''), {
    requestCert: true,
    rejectUnauthorized: true,
    ca: certs.ca.cert.pem,
  });
  return { certs, port };
}

export const clientCertificateCases = [
  defineCase({
    id: 'https.auth.client-key-cert-presented',
    module: 'https',
    rules: ['https.auth.client-certificate', 'https.create-server.tls-server-options', 'https.request.tls-options'],
    async run(ctx) {
      const { certs, port } = await requiringServer(ctx);
      const reply = await exchange((done) =>
        ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, key: certs.client.key.pem, cert: certs.client.cert.pem, agent: false }, done),
      );
      expect(reply.body, 'client certificate CN the server saw').to.equal(certs.client.commonName);
    },
  }),
  defineCase({
    id: 'https.create-server.request-cert-rejects-client-without-certificate',
    module: 'https',
    rules: ['https.create-server.tls-server-options'],
    async run(ctx) {
      const { certs, port } = await requiringServer(ctx);
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }));
      expect(error, "'error' of a request without a client certificate").to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.auth.client-pfx-presented',
    module: 'https',
    rules: ['https.auth.client-certificate', 'https.request.tls-options'],
    async run(ctx) {
      const { certs, port } = await requiringServer(ctx);
      const reply = await exchange((done) =>
        ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, pfx: certs.clientPfx.data, passphrase: certs.clientPfx.passphrase, agent: false }, done),
      );
      expect(reply.body, 'client certificate CN the server saw').to.equal(certs.client.commonName);
    },
  }),
];
