// The Agent's 'keylog' event: key material of the connections it manages, as lines in the TLS key-log format. The
// candidate's client talks to a trusted server of the harness. Key material exists once a handshake has completed,
// whatever becomes of the request afterwards: the events are judged against the handshakes the server completed.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { method } from '../kit.js';
import { attempted, call, completedHandshakes, newAgent, observe, trustedServer, uses } from './_util.js';

/** A key-log line: a label, the 32-byte client random and a secret, in hex, ended by a newline (NSS key-log format). */
const KEY_LOG_LINE = /^(?<label>[A-Z][A-Z0-9_]*) (?<random>[0-9a-f]{64}) (?<secret>(?:[0-9a-f]{2})+)\n$/;

export const keylogCases = defineCases('https', [
  {
    id: 'https.agent.keylog-emitted-with-socket',
    rules: ['https.events.agent-keylog'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const agent = newAgent(ctx);
      const events: Array<[unknown, unknown]> = [];
      method(agent, 'on', 'https.Agent')('keylog', (line: unknown, socket: unknown) => events.push([line, socket]));
      const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
      completedHandshakes(await observe(ctx, server), attempt);
      expect(events.length, "'keylog' events for one TLS connection").to.be.at.least(1);
      // The connection the response came on, or, where it came on none, the one the request was given.
      const connection = attempt.reply?.socket ?? attempt.request?.socket;
      for (const [line, socket] of events) {
        expect(Buffer.isBuffer(line), 'line is a Buffer').to.equal(true);
        expect(socket, 'socket argument').to.equal(connection);
      }
    },
  },
  {
    id: 'https.agent.keylog-lines-in-key-log-format',
    rules: ['https.events.agent-keylog-line-format'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const agent = newAgent(ctx);
      const lines: Buffer[] = [];
      method(agent, 'on', 'https.Agent')('keylog', (line: Buffer) => lines.push(line));
      const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent }, done));
      completedHandshakes(await observe(ctx, server), attempt);
      expect(lines.length, "'keylog' lines").to.be.at.least(1);
      const randoms = new Set<string>();
      for (const line of lines) {
        if (line.some((byte) => byte > 0x7f)) throw new CaseFailure('a key-log line is not ASCII', { actual: line.toString('hex') });
        const match = KEY_LOG_LINE.exec(line.toString('latin1'));
        if (!match?.groups) throw new CaseFailure('a key-log line is not in key-log format', { expected: String(KEY_LOG_LINE), actual: line.toString('latin1') });
        randoms.add(match.groups['random'] ?? '');
      }
      // Every line of one connection names that connection's client random.
      expect(randoms.size, 'distinct client randoms across the lines of one connection').to.equal(1);
      // The secret that decrypts the client's application data: CLIENT_RANDOM in TLS 1.2, CLIENT_TRAFFIC_SECRET_0 in 1.3.
      const labels = lines.map((line) => line.toString('latin1').split(' ')[0]);
      expect(labels.some((label) => label === 'CLIENT_RANDOM' || label === 'CLIENT_TRAFFIC_SECRET_0'), `labels ${labels.join(', ')}`).to.equal(true);
    },
  },
]);
