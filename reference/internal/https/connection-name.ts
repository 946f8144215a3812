// What makes two TLS connections interchangeable for the https Agent: the TLS options that enter a pool name (so
// requests with different TLS settings never share a socket or a session), and the SNI name derived from the target.
import { isIP } from 'node:net';

/**
 * The TLS options that change what a connection is, in the order they enter the pool name, around the server name
 * (see `tlsNameParts`). Requests that differ in any of them must neither share a socket nor resume each other's
 * sessions: a request that verifies the server must not go out on a connection made without verification, one with a
 * client certificate on a connection that presented none (https.auth.reject-unauthorized, https.auth.client-certificate,
 * https.request.tls-options). The options no client-side case can see the effect of follow Node, and are marked.
 */
const PARTS_BEFORE_SERVERNAME = [
  'ca',
  'cert',
  // beyond-spec: pool-key-tls-options
  'clientCertEngine',
  'ciphers',
  'key',
  'pfx',
  'rejectUnauthorized',
] as const;
const PARTS_AFTER_SERVERNAME = [
  'minVersion',
  'maxVersion',
  'secureProtocol',
  'crl',
  // beyond-spec: pool-key-tls-options
  'honorCipherOrder',
  'ecdhCurve',
  // beyond-spec: pool-key-tls-options
  'dhparam',
  'secureOptions',
  // beyond-spec: pool-key-tls-options
  'sessionIdContext',
  // beyond-spec: pool-key-tls-options
  'sigalgs',
  // beyond-spec: pool-key-tls-options
  'privateKeyIdentifier',
  // beyond-spec: pool-key-tls-options
  'privateKeyEngine',
] as const;

type NamePart = (typeof PARTS_BEFORE_SERVERNAME)[number] | (typeof PARTS_AFTER_SERVERNAME)[number];

/**
 * The TLS part of a pool name, to append to the plain-HTTP agent's name (host, port, local address, family). The server
 * name is in it whatever else the host does: a TLS session belongs to the server name it was made for, so requests for
 * different names never resume each other's sessions (which the maxCachedSessions cases count on).
 *
 * @param options The request's options merged with the agent's.
 * @returns `:`-prefixed parts, one per TLS option that changes the connection (empty when the option is unset).
 * @example
 * ```ts
 * tlsNameParts({ host: 'a', rejectUnauthorized: false }); // '::::::false:::…'
 * ```
 * @rules https.agent.caches-tls-sessions, https.agent.tls-options-from-request-options
 */
export function tlsNameParts(options: Record<string, unknown>): string {
  const servername = options['servername'];
  // A servername equal to the host adds nothing: the host is already in the plain-HTTP part of the name.
  const own = servername && servername !== options['host'] ? String(servername) : '';
  return `${nameParts(options, PARTS_BEFORE_SERVERNAME)}:${own}${nameParts(options, PARTS_AFTER_SERVERNAME)}`;
}

/** The `:`-prefixed parts of the given TLS options. */
function nameParts(options: Record<string, unknown>, fields: readonly NamePart[]): string {
  let name = '';
  for (const field of fields) name += `:${namePart(options, field)}`;
  return name;
}

/** One part of the pool name; booleans and numbers count when set, strings and buffers when non-empty. */
function namePart(options: Record<string, unknown>, field: NamePart): string {
  const value = options[field];
  // rejectUnauthorized: false must not name the connection a request with it unset (verifying) would use.
  if (field === 'rejectUnauthorized' || field === 'honorCipherOrder' || field === 'secureOptions') {
    return value === undefined ? '' : String(value);
  }
  // beyond-spec: pool-key-tls-options
  if (field === 'sigalgs') return value ? JSON.stringify(value) : '';
  return value ? String(value) : '';
}

/**
 * The SNI value for a target.
 *
 * @param host The target's host name or address (`localhost` when absent).
 * @returns The host name, or '' (no SNI) when the target is an IP address.
 * @example
 * ```ts
 * defaultServername('example.com'); // 'example.com'
 * defaultServername('127.0.0.1'); // ''
 * ```
 */
// beyond-spec: direct-connection-servername
export function defaultServername(host: string | null | undefined): string {
  const name = host ?? 'localhost';
  return isIP(name) === 0 ? name : '';
}
