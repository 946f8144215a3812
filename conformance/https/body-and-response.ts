// The request body written with write()/end(), and the response: statusCode, headers and the body as 'data' events.
// The candidate's client talks to a trusted server of the harness, which records what it received.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { delay, method } from '../kit.js';
import { call, exchange, observe, requestOf, send, trustedServer, uses } from './_util.js';

export const bodyAndResponseCases = defineCases('https', [
  {
    id: 'https.request.body-written-then-ended',
    rules: ['https.request.body-write-end'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      let endedEarly = false;
      await exchange(ctx, (done) => {
        const req = requestOf(call(ctx, 'request')({ host: 'localhost', port: server.port, method: 'POST', ca: certs.ca.cert.bytes, agent: false }, done), 'https.request()');
        const write = method(req, 'write', 'ClientRequest');
        write('first,');
        write(Buffer.from('second,'));
        // The server must not see the end of the body before end() is called.
        void delay(ctx, 100)
          .then(() => observe(ctx, server))
          .then((seen) => {
            endedEarly = seen.requests.some((request) => request.complete);
            if (endedEarly) req.destroy(new CaseFailure('the request body ended before end() was called'));
            else req.end('last');
          })
          .catch((error: unknown) => req.destroy(error as Error));
        return req;
      });
      const [received] = (await observe(ctx, server)).requests;
      expect({ method: received?.method, body: received?.body, complete: received?.complete }, 'the request the server received').to.deep.equal({
        method: 'POST',
        body: 'first,second,last',
        complete: true,
      });
    },
  },
  {
    id: 'https.request.response-status-and-headers',
    rules: ['https.request.response-fields'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx, { respond: { status: 418, headers: { 'x-answer': '42', 'content-type': 'text/plain' }, body: 'teapot' } });
      const reply = await exchange(ctx, (done) => send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false }, done));
      expect({ status: reply.status, answer: reply.headers['x-answer'], type: reply.headers['content-type'] }, 'statusCode and headers of the response').to.deep.equal({
        status: 418,
        answer: '42',
        type: 'text/plain',
      });
    },
  },
  {
    id: 'https.events.response-body-as-data-events',
    rules: ['https.events.response-data'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const parts = ['alpha-', 'beta-', 'gamma'];
      // The server writes the next part only once the client has had a 'data' event (and released it), so the body
      // cannot arrive as one chunk and every part must come through 'data'.
      const server = await trustedServer(ctx, { respond: { body: parts } });
      const reply = await exchange(ctx, (done) =>
        send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false }, (res: import('node:http').IncomingMessage) => {
          res.on('data', () => void server.release().catch(() => undefined));
          done(res);
        }),
      );
      expect(reply.body, "body assembled from 'data' events").to.equal(parts.join(''));
      expect(reply.chunks, "'data' events").to.be.at.least(parts.length);
    },
  },
]);
