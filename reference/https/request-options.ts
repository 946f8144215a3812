// The options of `request` and `get`: the plain-HTTP request's, plus the TLS connection options passed through.
import type http from 'node:http';
import type tls from 'node:tls';

export interface RequestOptions extends http.RequestOptions, tls.SecureContextOptions {
  /** Called with the host name and peer certificate; returning an Error rejects the server. */
  checkServerIdentity?: typeof tls.checkServerIdentity | undefined;
  /** Verify the server certificate against the trusted CAs (default true). */
  rejectUnauthorized?: boolean | undefined;
  /** The SNI host name; '' sends none. */
  servername?: string | undefined;
  /** A TLS session to resume. */
  session?: Buffer | undefined;
}
