// The option names the host's machinery reads from the options the reference hands it. The host copies those options
// into ordinary objects before reading them, so an option the caller did not set would be looked up on
// Object.prototype; the reference gives each of these names an own `undefined` first (see `coverNames`). The lists come
// from reading the host runtime's own source (Node.js 20: `_http_client`, `_tls_wrap`, `_tls_common`,
// `internal/tls/secure-context`, `net`); test/reference/prototype-pollution.test.ts pollutes every one of them.

/**
 * What `http.ClientRequest` reads from its copy of a request's options. The rest travels on to the agent in objects
 * without a prototype, and from the agent to `Agent#createConnection`.
 */
// beyond-spec: pollution-defence
export const CLIENT_REQUEST_OPTIONS: readonly string[] = [
  '_defaultAgent',
  'agent',
  'auth',
  'createConnection',
  'defaultPort',
  'headers',
  'host',
  'hostname',
  'insecureHTTPParser',
  'joinDuplicateHeaders',
  'maxHeaderSize',
  'method',
  'path',
  'port',
  'protocol',
  'setHost',
  'signal',
  'socketPath',
  'timeout',
  'uniqueHeaders',
];

/**
 * What `tls.connect` reads from its copy of a connection's options, with the TLS socket, the secure context and the
 * socket's `connect` it hands that copy to. Not listed: `rejectUnauthorized`, `ciphers`, `checkServerIdentity` and
 * `minDHSize`, which `tls.connect` itself writes into the copy as defaults before the caller's options (an own
 * `undefined` there would replace the default).
 */
// beyond-spec: pollution-defence
export const TLS_CONNECT_OPTIONS: readonly string[] = [
  // tls.connect and the TLS socket
  'ALPNProtocols',
  'allowHalfOpen',
  'enableTrace',
  'highWaterMark',
  'host',
  'keepAlive',
  'localAddress',
  'onread',
  'path',
  'port',
  'pskCallback',
  'requestOCSP',
  'secureContext',
  'servername',
  'session',
  'signal',
  'socket',
  'timeout',
  // the secure context
  'allowPartialTrustChain',
  'ca',
  'cert',
  'clientCertEngine',
  'crl',
  'dhparam',
  'ecdhCurve',
  'honorCipherOrder',
  'key',
  'maxVersion',
  'minVersion',
  'passphrase',
  'pfx',
  'privateKeyEngine',
  'privateKeyIdentifier',
  'secureOptions',
  'secureProtocol',
  'sessionIdContext',
  'sessionTimeout',
  'sigalgs',
  'ticketKeys',
  // the socket's connect (address lookup)
  'autoSelectFamily',
  'autoSelectFamilyAttemptTimeout',
  'family',
  'hints',
  'localPort',
  'lookup',
];

/** What the plain network server under `tls.Server` reads from its copy of the server's options. */
// beyond-spec: pollution-defence
export const NET_SERVER_OPTIONS: readonly string[] = [
  'allowHalfOpen',
  'highWaterMark',
  'keepAlive',
  'keepAliveInitialDelay',
  'noDelay',
  'pauseOnConnect',
];
