// What makes two TLS connections interchangeable for the https Agent: the TLS options that enter a pool name (so
// requests with different TLS settings never share a socket or a session), and the SNI name derived from the target.
import { isIP } from 'node:net';

/**
 * The TLS options that change what a connection is, in the order they enter the pool name, around the server name
 * (see `tlsNameParts`). Requests that differ in any of them must neither share a socket nor resume each other's
 * sessions.
 */
// beyond-spec: pool-key-tls-options
const PARTS_BEFORE_SERVERNAME = ['ca', 'cert', 'clientCertEngine', 'ciphers', 'key', 'pfx', 'rejectUnauthorized'] as const;
// beyond-spec: pool-key-tls-options
const PARTS_AFTER_SERVERNAME = [
  'minVersion',
  'maxVersion',
  'secureProtocol',
  'crl',
  'honorCipherOrder',
  'ecdhCurve',
  'dhparam',
  'secureOptions',
  'sessionIdContext',
  'sigalgs',
  'privateKeyIdentifier',
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
// beyond-spec: pool-key-tls-options
function nameParts(options: Record<string, unknown>, fields: readonly NamePart[]): string {
  let name = '';
  for (const field of fields) name += `:${namePart(options, field)}`;
  return name;
}

/** One part of the pool name; booleans and numbers count when set, strings and buffers when non-empty. */
// beyond-spec: pool-key-tls-options
function namePart(options: Record<string, unknown>, field: NamePart): string {
  const value = options[field];
  if (field === 'rejectUnauthorized' || field === 'honorCipherOrder' || field === 'secureOptions') {
    return value === undefined ? '' : String(value);
  }
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
