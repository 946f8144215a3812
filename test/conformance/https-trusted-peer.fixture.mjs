// Synthetic https cases for the trusted-peer tests, loaded into an agent as an extra case module: each reaches the
// harness's trusted peers over the agent's channel and fails unless what they report is what happened.
import https from 'node:https';

function get(options) {
  return new Promise((resolve, reject) => {
    const req = https.get(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
  });
}

export const cases = [
  {
    id: 'https.trusted-peer-test.server-over-channel',
    module: 'https',
    rules: [],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const server = await ctx.fixtures.trustedServer({ respond: { status: 202, body: 'from the harness' } });
      try {
        const reply = await get({ host: 'localhost', port: server.port, path: '/over?channel=1', ca: certs.ca.cert.pem, agent: false });
        if (reply.status !== 202 || reply.body !== 'from the harness') throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
        const seen = await server.observe();
        const request = seen.requests[0];
        const connection = seen.connections[0];
        if (request?.url !== '/over?channel=1' || connection?.servername !== 'localhost' || connection?.secure !== true) {
          throw new Error(`unexpected observation ${JSON.stringify(seen)}`);
        }
      } finally {
        await server.close();
      }
    },
  },
  {
    id: 'https.trusted-peer-test.client-over-channel',
    module: 'https',
    rules: [],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const server = https.createServer({ key: certs.server.key.pem, cert: certs.server.cert.pem }, (req, res) => res.end(`${req.method} ${req.url}`));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const connection = await ctx.fixtures.trustedClient({ port: server.address().port });
        if (!connection.handshake.secure || !connection.handshake.authorized) throw new Error(`unexpected handshake ${JSON.stringify(connection.handshake)}`);
        const reply = await connection.request({ method: 'PUT', path: '/x' });
        if (!reply.ok || reply.body !== 'PUT /x') throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
        await connection.close();
      } finally {
        server.closeAllConnections();
        server.close();
      }
    },
  },
  {
    id: 'https.trusted-peer-test.leaves-a-server-open',
    module: 'https',
    rules: [],
    async run(ctx) {
      // Not closed by the case: the harness closes it when the case's result is in. The port goes out in the message.
      const server = await ctx.fixtures.trustedServer();
      throw new Error(`left open on port ${server.port}`);
    },
  },
];
