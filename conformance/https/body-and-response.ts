// The request body written with write()/end(), and the response: statusCode, headers and the body as 'data' events.
import { expect } from 'chai';
import { CaseFailure, defineCase } from '../case.js';
import { exchange, startServer, until } from './_util.js';

export const bodyAndResponseCases = [
  defineCase({
    id: 'https.request.body-written-then-ended',
    module: 'https',
    rules: ['https.request.body-write-end', 'https.server.serves-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let ended = false;
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          ended = true;
          res.end(`${req.method} ${body}`);
        });
      });
      const reply = await exchange((done) => {
        const req = ctx.https.request({ host: 'localhost', port, method: 'POST', ca: certs.ca.cert.pem, agent: false }, done);
        req.write('first,');
        req.write(Buffer.from('second,'));
        // The server must not see the end of the body before end() is called.
        setTimeout(() => {
          if (ended) req.destroy(new CaseFailure('the request body ended before end() was called'));
          else req.end('last');
        }, 100);
        return req;
      });
      expect(reply.body, 'what the server received').to.equal('POST first,second,last');
    },
  }),
  defineCase({
    id: 'https.request.response-status-and-headers',
    module: 'https',
    rules: ['https.request.response-fields', 'https.server.serves-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, (_req, res) => {
        res.writeHead(418, { 'x-answer': '42', 'content-type': 'text/plain' });
        res.end('teapot');
      });
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      expect({ status: reply.status, answer: reply.headers['x-answer'], type: reply.headers['content-type'] }).to.deep.equal({
        status: 418,
        answer: '42',
        type: 'text/plain',
      });
    },
  }),
  defineCase({
    id: 'https.events.response-body-as-data-events',
    module: 'https',
    rules: ['https.events.response-data'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const parts = ['alpha-', 'beta-', 'gamma'];
      // The server writes the next part only once the client has had a 'data' event for the previous one, so the
      // body cannot arrive as one chunk and every part must come through 'data'.
      let received = 0;
      const { port } = await startServer(ctx, ctx.https, certs, async (_req, res) => {
        res.writeHead(200);
        for (const [index, part] of parts.entries()) {
          res.write(part);
          await until(() => received > index, 3000, `a 'data' event for part ${index + 1}`).catch(() => undefined);
        }
        res.end();
      });
      const reply = await exchange((done) =>
        ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, (res) => {
          res.on('data', () => (received += 1));
          done(res);
        }),
      );
      expect(reply.body, "body assembled from 'data' events").to.equal(parts.join(''));
      expect(reply.chunks, "'data' events").to.be.at.least(parts.length);
    },
  }),
];
