// handshakeTimeout, an option of the TLS server creator that createServer must honour: a connection that never starts
// its TLS handshake is closed once the time given has run out. The harness's trusted client opens that connection
// (a TCP connection sending nothing), so only the candidate's server is judged.
import type { CaseContext } from '../case.js';
import { CaseFailure, defineCases } from '../case.js';
import { delay, untilAborted } from '../kit.js';
import { closedWithin, startServer, trustedConnection, uses } from './_util.js';

/** The option given, against Node's default of 120 s: a server that ignores it keeps the connection for minutes. */
const HANDSHAKE_TIMEOUT_MS = 300;
/** How long the case waits for the server to close the silent connection (more than 10 times the option). */
const CLOSE_WITHIN_MS = 4000;
/** How long a server started without the option must keep a silent connection open (5 times the option). */
const KEPT_WITHOUT_OPTION_MS = 1500;

/** A silent connection of the trusted client to a server of the candidate started with `options`. */
async function silentConnection(ctx: CaseContext, options: Record<string, unknown>) {
  const { port } = await startServer(ctx, undefined, options);
  const connection = await trustedConnection(ctx, port, { silent: true });
  if (connection.handshake.error) {
    throw new CaseFailure("the trusted client could not connect to the candidate's server", { expected: 'a TCP connection', actual: connection.handshake.error.message });
  }
  return connection;
}

export const handshakeTimeoutCases = defineCases('https', [
  {
    id: 'https.create-server.handshake-timeout-closes-silent-connection',
    rules: ['https.create-server.tls-server-options'],
    timeoutMs: 15000,
    async run(ctx) {
      uses(ctx, 'createServer');
      // Without the option the server keeps a silent connection (so a server that hangs up on every such connection at
      // once does not pass for one that honours the option) …
      const kept = await silentConnection(ctx, {});
      await delay(ctx, KEPT_WITHOUT_OPTION_MS);
      if ((await untilAborted(ctx, kept.observe())).closed) {
        throw new CaseFailure(`a server started without handshakeTimeout closed a silent connection within ${KEPT_WITHOUT_OPTION_MS} ms`, {
          expected: 'the connection kept (the default handshakeTimeout is 120000 ms)',
          actual: 'the connection closed',
        });
      }
      // … and with handshakeTimeout 300 it closes one once the 300 ms are up.
      const timed = await silentConnection(ctx, { handshakeTimeout: HANDSHAKE_TIMEOUT_MS });
      await closedWithin(ctx, timed, CLOSE_WITHIN_MS, `the server closing a connection that never started its TLS handshake (handshakeTimeout ${HANDSHAKE_TIMEOUT_MS})`);
    },
  },
]);
