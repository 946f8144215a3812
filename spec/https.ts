// Rules of rt:https: loading (also without crypto), Agent and globalAgent, Server, createServer, request/get, TLS
// authentication, events and errors as the spec states them, in our own words. Ids are stable; cases cite them.
import { defineRules } from './rule.js';

const SERVICE = 'What the service does';
const AGENT = 'Resources and their fields › https.Agent';
const GLOBAL_AGENT = 'Resources and their fields › https.globalAgent';
const SERVER = 'Resources and their fields › https.Server';
const REQUEST_OPTIONS = 'Resources and their fields › Request options (https.request and https.get)';
const OTHER_OBJECTS = 'Resources and their fields › Other objects';
const CREATE_SERVER = 'Endpoints › rt:https › https.createServer([options][, requestListener])';
const SERVER_METHODS = 'Endpoints › rt:https › https.Server methods';
const GET = 'Endpoints › rt:https › https.get(options[, callback]) and https.get(url[, options][, callback])';
const REQUEST = 'Endpoints › rt:https › https.request(options[, callback]) and https.request(url[, options][, callback])';
const REQUEST_RULES = `${REQUEST} › Rules`;
const NEW_AGENT = 'Endpoints › rt:https › new https.Agent([options])';
const AUTH = 'Authentication';
const EVENTS = 'Events';
const ERRORS = 'Errors';
const VERSIONING = 'Versioning';

export const httpsRules = defineRules('https', [
  // ── the module as a whole ───────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.module.exports',
    section: SERVICE,
    title: 'rt:https is a module of its own, separate from plain HTTP, exporting createServer, request, get, Agent, globalAgent and Server.',
    level: 'normative',
    since: 'v0.10.0',
  },
  {
    id: 'https.module.stability-stable',
    section: SERVICE,
    title: 'rt:https carries stability level 2 (Stable).',
    level: 'informative',
    why: 'A stability level is a documentation label with no runtime representation.',
  },
  {
    id: 'https.module.versioned-by-runtime-release',
    section: VERSIONING,
    title: 'rt:https has no version of its own in its specifier or in HTTP headers; it changes only with runtime releases.',
    level: 'informative',
    why: 'The versioning scheme is a release policy; no call on a single runtime can observe it.',
  },
  {
    id: 'https.module.states-not-shown',
    section: 'States and transitions',
    title: 'The spec names no lifecycle states or transitions for agents, servers, requests or child processes.',
    level: 'informative',
    why: 'The spec states that no states are given, so there is no state machine for a case to check.',
  },

  // ── loading without crypto ──────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.load.no-crypto-throws',
    section: SERVICE,
    title: 'On a runtime build without the cryptography module, loading rt:https throws instead of yielding a module.',
    level: 'normative',
  },
  {
    id: 'https.load.no-crypto-cjs-catchable',
    section: SERVICE,
    title: 'Without crypto, the error from a CommonJS require of rt:https can be caught with try/catch around the require.',
    level: 'normative',
  },
  {
    id: 'https.load.no-crypto-esm-handler-catches',
    section: SERVICE,
    title: 'Without crypto, the error from a static ESM import of rt:https reaches an uncaughtException handler that was registered before the import was attempted.',
    level: 'normative',
  },
  {
    id: 'https.load.no-crypto-esm-uncatchable-without-handler',
    section: SERVICE,
    title: 'Without crypto and without a previously registered uncaughtException handler, a static ESM import of rt:https fails the program, since no try/catch can surround it.',
    level: 'normative',
  },
  {
    id: 'https.load.no-crypto-dynamic-import-catchable',
    section: SERVICE,
    title: 'Without crypto, a dynamic import() of rt:https rejects, and the failure can be caught with try/catch around the awaited import.',
    level: 'normative',
  },

  // ── https.Agent ─────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.agent.constructor',
    section: AGENT,
    title: 'new Agent() builds an HTTPS client agent, and its options argument may be left out.',
    level: 'normative',
  },
  {
    id: 'https.agent.http-agent-options',
    section: AGENT,
    title: 'The HTTPS Agent constructor also honours the plain-HTTP agent options, such as keepAlive.',
    level: 'normative',
  },
  {
    id: 'https.agent.http-agent-options-not-shown',
    section: AGENT,
    title: 'The individual plain-HTTP agent options are not listed in the spec.',
    level: 'informative',
    why: 'The spec states that these fields are not shown, so no case can check them against it.',
  },
  {
    id: 'https.agent.caches-tls-sessions',
    section: AGENT,
    title: 'An Agent caches TLS sessions and resumes them on later connections to the same server.',
    level: 'normative',
    why: 'Read as: through one Agent, the second and later connections to the same server and server name resume the TLS session, as the server (trusted, the harness\'s own) sees it. Source: Resources › https.Agent (maxCachedSessions: cached TLS sessions).',
  },
  {
    id: 'https.agent.max-cached-sessions-default',
    section: AGENT,
    title: 'An Agent keeps at most 100 cached TLS sessions unless maxCachedSessions says otherwise.',
    level: 'normative',
    since: 'v2.5.0',
  },
  {
    id: 'https.agent.max-cached-sessions-limit',
    section: AGENT,
    title: 'A positive maxCachedSessions bounds how many TLS sessions the Agent keeps for reuse.',
    level: 'normative',
    since: 'v2.5.0',
  },
  {
    id: 'https.agent.max-cached-sessions-zero-disables',
    section: AGENT,
    title: 'With maxCachedSessions set to 0, the Agent caches no TLS sessions, so every connection does a full handshake.',
    level: 'normative',
    since: 'v5.3.0',
  },
  {
    id: 'https.agent.servername-default-host',
    section: AGENT,
    title: 'Without a servername option, the Agent sends the target host name in the SNI extension.',
    level: 'normative',
  },
  {
    id: 'https.agent.servername-ip-empty',
    section: AGENT,
    title: 'For a target addressed by an IP literal rather than a host name, the Agent omits the SNI extension by default.',
    level: 'normative',
  },
  {
    id: 'https.agent.servername-custom',
    section: AGENT,
    title: 'A string given as the servername option is the value the Agent sends in the SNI extension.',
    level: 'normative',
  },
  {
    id: 'https.agent.servername-empty-disables',
    section: AGENT,
    title: 'An empty servername stops the Agent from sending the SNI extension at all.',
    level: 'normative',
  },
  {
    id: 'https.agent.create-connection-override',
    section: AGENT,
    title: 'Overriding createConnection on an Agent changes how its TLS connections are made, and the agent uses the socket it returns.',
    level: 'normative',
  },
  {
    id: 'https.agent.create-connection-async',
    section: AGENT,
    title: 'An overridden createConnection may supply the socket later through its callback instead of returning it.',
    level: 'normative',
  },
  {
    id: 'https.agent.tls-options-from-request-options',
    section: AGENT,
    title: 'An Agent built from request-style options such as key and cert uses those TLS settings for the connections of requests that name it.',
    level: 'normative',
  },
  {
    id: 'https.agent.default-keep-alive-off',
    section: GLOBAL_AGENT,
    title: 'A default-constructed Agent does not keep connections alive: each request through it gets a connection of its own.',
    level: 'normative',
    why: 'The spec says it by contrast only: globalAgent "differs from a default https.Agent: keepAlive is enabled", so a default Agent has keep-alive off. Read as: two requests one after the other through new Agent() to one server open two connections. Kept apart from https.global-agent.keep-alive so that each export carries its own half. Source: Resources › https.globalAgent.',
  },
  {
    id: 'https.agent.passed-as-agent-option',
    section: NEW_AGENT,
    title: 'A request whose agent option names an Agent makes its connection through that Agent.',
    level: 'normative',
  },

  // ── https.globalAgent ───────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.global-agent.instance',
    section: GLOBAL_AGENT,
    title: 'globalAgent is an instance of the module\'s Agent class.',
    level: 'normative',
    why: 'The spec says globalAgent is "a global https.Agent instance used for all HTTPS client requests". Read as: an instance of the module\'s Agent that is an HTTPS agent, so it carries the HTTPS request defaults of the Request options table (protocol \'https:\', defaultPort 443); a plain-HTTP agent (protocol \'http:\', port 80) under the https name does not count. Source: Resources › https.globalAgent and Request options.',
  },
  {
    id: 'https.global-agent.default-for-requests',
    section: REQUEST_OPTIONS,
    title: 'A request that names no agent is sent through globalAgent.',
    level: 'normative',
    why: 'Read as: a request without an agent option goes through globalAgent, seen either as the request\'s agent or as its connection returned to globalAgent\'s pool. Source: Request options (agent default https.globalAgent).',
  },
  {
    id: 'https.global-agent.keep-alive',
    section: GLOBAL_AGENT,
    title: 'globalAgent has keep-alive switched on and reuses connections.',
    level: 'normative',
    since: 'v19.0.0',
    why: 'The spec states it as a difference from a default https.Agent ("keepAlive is enabled"). Only globalAgent\'s half is this rule: two requests through it share one connection. What a default-constructed Agent does is https.agent.default-keep-alive-off, judged on the Agent, so neither export is charged for the other. Source: Resources › https.globalAgent.',
  },
  {
    id: 'https.global-agent.timeout',
    section: GLOBAL_AGENT,
    title: 'Unlike a default-constructed Agent, globalAgent has a socket timeout of 5000 milliseconds.',
    level: 'normative',
    since: 'v19.0.0',
  },

  // ── https.Server ────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.server.extends-tls-server',
    section: SERVER,
    title: 'An https.Server is an instance of the TLS server class.',
    level: 'normative',
  },
  {
    id: 'https.server.serves-http',
    section: SERVER,
    title: 'An https.Server answers HTTP requests arriving over TLS the way a plain-HTTP server does.',
    level: 'normative',
    why: 'Read as: a request from a client the harness trusts (Node\'s own TLS client), sent over a completed TLS handshake, reaches the \'request\' listener with its method, path and HTTP version, and the listener\'s answer reaches the client. Source: Resources › https.Server ("Behaviour of the plain-HTTP server applies").',
  },
  {
    id: 'https.server.default-headers-timeout',
    section: SERVER,
    title: 'A new https.Server has headersTimeout 60000.',
    level: 'normative',
  },
  {
    id: 'https.server.default-max-headers-count',
    section: SERVER,
    title: 'By default an https.Server keeps at most 2000 headers of an incoming request (the maxHeadersCount default).',
    level: 'normative',
    why: 'Read as: a request with 2000 header lines, from a client the harness trusts, is served with all 2000 headers; one with 2100 is either cut to at most 2000 headers or refused (431, or cut off without an answer, never reaching the listener), since the spec does not say which. Source: Resources › https.Server (maxHeadersCount 2000) and Limits.',
  },
  {
    id: 'https.server.default-request-timeout',
    section: SERVER,
    title: 'A new https.Server has requestTimeout 300000 (five minutes).',
    level: 'normative',
    since: 'v18.0.0',
  },
  {
    id: 'https.server.default-timeout',
    section: SERVER,
    title: 'A new https.Server has timeout 0, meaning sockets are never timed out.',
    level: 'normative',
    since: 'v13.0.0',
  },
  {
    id: 'https.server.default-keep-alive-timeout',
    section: SERVER,
    title: 'A new https.Server has keepAliveTimeout 5000 (five seconds).',
    level: 'normative',
  },
  {
    id: 'https.server.properties-as-http',
    section: SERVER,
    title: 'The timeout and header-limit properties of an https.Server take effect exactly as on a plain-HTTP server (for example, headers beyond maxHeadersCount are dropped).',
    level: 'normative',
    why: 'Read as: set on a listening server, timeout ends idle connections, keepAliveTimeout ends idle keep-alive connections, headersTimeout answers 408 to unfinished headers, and maxHeadersCount 5 leaves a request of 20 header lines with 5 headers or refuses it (431, or cut off without an answer, never reaching the listener; Node keeps 5 before v22 and refuses from v22). Connections come from a client the harness trusts. Source: Resources › https.Server ("The meaning of each property is that of the same-named property of the plain-HTTP server").',
  },
  {
    id: 'https.server.close-returns-server',
    section: SERVER_METHODS,
    title: 'server.close() returns the server itself.',
    level: 'normative',
  },
  {
    id: 'https.server.close-callback',
    section: SERVER_METHODS,
    title: 'server.close() stops accepting connections as a plain-HTTP server does and calls its callback once the server has closed.',
    level: 'normative',
    why: 'Read as: the callback runs without an error once the server has stopped listening, a new connection is then refused, and idle keep-alive connections are closed rather than waited for (as Node\'s plain-HTTP server does since v19). Source: Server methods ("As the plain-HTTP server\'s close").',
  },
  {
    id: 'https.server.async-dispose-calls-close',
    section: SERVER_METHODS,
    title: 'server[Symbol.asyncDispose]() closes the server by way of server.close().',
    level: 'normative',
    since: 'v20.4.0',
  },
  {
    id: 'https.server.async-dispose-resolves-when-closed',
    section: SERVER_METHODS,
    title: 'The promise returned by server[Symbol.asyncDispose]() settles as fulfilled only once the server has closed.',
    level: 'normative',
    since: 'v20.4.0',
  },
  {
    id: 'https.server.async-dispose-stable',
    section: VERSIONING,
    title: 'server[Symbol.asyncDispose]() stopped being experimental in v24.2.0.',
    level: 'informative',
    why: 'Being experimental is a documentation label; the method behaves the same either way.',
    since: 'v24.2.0',
  },
  {
    id: 'https.server.close-all-connections',
    section: SERVER_METHODS,
    title: 'server.closeAllConnections() closes every connection to the server, active or idle, as on a plain-HTTP server.',
    level: 'normative',
  },
  {
    id: 'https.server.close-idle-connections',
    section: SERVER_METHODS,
    title: 'server.closeIdleConnections() closes the connections that carry no request in flight, as on a plain-HTTP server.',
    level: 'normative',
  },
  {
    id: 'https.server.listen',
    section: SERVER_METHODS,
    title: 'server.listen() takes the same arguments as the network server\'s listen and accepts TLS-encrypted connections.',
    level: 'normative',
    why: 'Read as: listen(port, host, callback) and listen({ port, host }, callback) both start the server, and a client the harness trusts (Node\'s own TLS client) then completes a TLS handshake with it, receives the certificate it was given and gets an answer over the encrypted connection. A server that answers only plain text does not count. Source: Server methods ("Starts listening for encrypted connections. Identical to listen of the network server class").',
  },
  {
    id: 'https.server.set-timeout-default',
    section: SERVER_METHODS,
    title: 'server.setTimeout() called without msecs sets the socket timeout to 120000 milliseconds.',
    level: 'normative',
  },
  {
    id: 'https.server.set-timeout-returns-server',
    section: SERVER_METHODS,
    title: 'server.setTimeout() returns the server itself.',
    level: 'normative',
  },
  {
    id: 'https.server.set-timeout-applies',
    section: SERVER_METHODS,
    title: 'server.setTimeout(msecs, callback) sets the server\'s timeout to msecs and registers callback for timed-out sockets, as on a plain-HTTP server.',
    level: 'normative',
  },

  // ── createServer ────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.create-server.returns-server',
    section: CREATE_SERVER,
    title: 'createServer returns an https.Server.',
    level: 'normative',
  },
  {
    id: 'https.create-server.arguments-optional',
    section: CREATE_SERVER,
    title: 'createServer works with no arguments, with options only, with a listener only, or with both.',
    level: 'normative',
  },
  {
    id: 'https.create-server.tls-server-options',
    section: CREATE_SERVER,
    title: 'createServer honours the options of the TLS server creator, such as requestCert.',
    level: 'normative',
    why: 'Read as: with requestCert, rejectUnauthorized and ca, the server serves a client presenting a certificate of that ca and does not serve one presenting none: the handshake fails, the server hangs up, or no answer comes within 2 s (the spec does not say how a client is refused). Source: createServer options (the TLS server creator\'s options).',
  },
  {
    id: 'https.create-server.secure-context-options',
    section: CREATE_SERVER,
    title: 'createServer honours the options of the TLS secure-context creator, such as minVersion or ciphers.',
    level: 'normative',
  },
  {
    id: 'https.create-server.http-server-options',
    section: CREATE_SERVER,
    title: 'createServer honours the options of the plain-HTTP server creator, such as maxHeaderSize.',
    level: 'normative',
    why: 'Read as: options of the plain-HTTP server creator given to createServer take effect: with maxHeaderSize 1024 a request of 2 KiB of headers is refused (answered 431, or cut off without an answer, since a server that writes 431 and closes at once can lose the answer over TLS) and never reaches the listener, while small headers are served; headersTimeout, requestTimeout and connectionsCheckingInterval given to createServer answer 408 to headers that never end. Source: createServer options ("Accepts the options of … the plain-HTTP server creator").',
  },
  {
    id: 'https.create-server.request-listener',
    section: CREATE_SERVER,
    title: 'The listener given to createServer is registered for the server\'s \'request\' event.',
    level: 'normative',
  },

  // ── request options ─────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.request.http-options',
    section: REQUEST_OPTIONS,
    title: 'request and get accept the plain-HTTP request options, such as method, path and headers.',
    level: 'normative',
  },
  {
    id: 'https.request.default-protocol',
    section: REQUEST_OPTIONS,
    title: 'When protocol is not given, a request uses \'https:\'.',
    level: 'normative',
    why: 'Read as: without a protocol option the request\'s protocol is \'https:\' and it reaches a TLS-only server (trusted, the harness\'s own) over a completed TLS handshake. Source: Request options (protocol default \'https:\').',
  },
  {
    id: 'https.request.default-port',
    section: REQUEST_OPTIONS,
    title: 'When port is not given, a request connects to port 443.',
    level: 'normative',
  },
  {
    id: 'https.request.agent-false',
    section: REQUEST_OPTIONS,
    title: 'With agent: false a request opens a connection of its own instead of using a pooled one.',
    level: 'normative',
  },
  {
    id: 'https.request.tls-options',
    section: REQUEST_OPTIONS,
    title: 'The TLS connection options listed by the spec (ca, cert, ciphers, key, pfx, servername and the rest) given to a request reach its TLS connection.',
    level: 'normative',
    why: 'Read as: a TLS option given to request or get is used for its connection, as the server at the other end (trusted, the harness\'s own) sees it: maxVersion and ciphers decide the negotiated protocol and cipher, key + cert or pfx + passphrase the client certificate it receives. Source: Request options ("Additional options accepted from the TLS connect function").',
  },
  {
    id: 'https.request.high-water-mark',
    section: REQUEST_OPTIONS,
    title: 'A request accepts a highWaterMark option for its connection.',
    level: 'normative',
    since: 'v14.1.0',
  },
  {
    id: 'https.request.client-cert-engine',
    section: REQUEST_OPTIONS,
    title: 'A request may name a clientCertEngine, an option that is deprecated.',
    level: 'informative',
    why: 'It needs an OpenSSL build with custom-engine support, which a portable case cannot provide.',
    since: 'v9.3.0',
  },
  {
    id: 'https.request.client-cert-engine-openssl3',
    section: VERSIONING,
    title: 'clientCertEngine relies on OpenSSL custom engines, which OpenSSL 3 deprecates.',
    level: 'informative',
    why: 'This records a dependency on the TLS library\'s build options, which no case can control.',
    since: 'v22.4.0',
  },
  {
    id: 'https.request.check-server-identity-called',
    section: REQUEST_OPTIONS,
    title: 'A checkServerIdentity option is called with the host name and the server\'s peer certificate.',
    level: 'normative',
  },
  {
    id: 'https.request.check-server-identity-accepts',
    section: REQUEST_OPTIONS,
    title: 'When checkServerIdentity returns nothing, the server\'s identity is accepted and the request proceeds.',
    level: 'normative',
  },
  {
    id: 'https.request.check-server-identity-rejects',
    section: REQUEST_OPTIONS,
    title: 'When checkServerIdentity returns an Error, the server\'s identity is rejected and the request fails.',
    level: 'normative',
  },
  {
    id: 'https.request.peer-certificate-fields',
    section: REQUEST_OPTIONS,
    title: 'The certificate handed to checkServerIdentity has subject.CN, pubkey, fingerprint256 and issuerCertificate fields.',
    level: 'normative',
  },

  // ── request ─────────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.request.options-object',
    section: REQUEST,
    title: 'request accepts a plain options object as its only target description.',
    level: 'normative',
  },
  {
    id: 'https.request.url-string',
    section: REQUEST,
    title: 'request accepts a URL string and parses it into the target.',
    level: 'normative',
  },
  {
    id: 'https.request.url-object',
    section: REQUEST,
    title: 'request accepts a URL object and converts it into ordinary options.',
    level: 'normative',
    since: 'v7.5.0',
  },
  {
    id: 'https.request.url-and-options',
    section: REQUEST,
    title: 'request accepts a URL together with a separate options object, both contributing to the request.',
    level: 'normative',
    since: 'v10.9.0',
  },
  {
    id: 'https.request.callback-response',
    section: REQUEST,
    title: 'The callback given to request is called with the response.',
    level: 'normative',
  },
  {
    id: 'https.request.returns-client-request',
    section: REQUEST,
    title: 'request returns an instance of the plain-HTTP ClientRequest class, which is a writable stream.',
    level: 'normative',
  },
  {
    id: 'https.request.body-write-end',
    section: REQUEST_RULES,
    title: 'A request body is sent by writing to the returned request, and the request is completed by calling end().',
    level: 'normative',
    why: 'Read as: what is written with write() (strings and Buffers) and given to end() arrives at the server (trusted, the harness\'s own) as the body, in order, and the server does not see the body end before end() is called. Source: request Rules 1.',
  },
  {
    id: 'https.request.connection-error-event',
    section: REQUEST_RULES,
    title: 'A failure to connect is reported as an \'error\' event on the request object.',
    level: 'normative',
    why: 'The spec gives no error catalogue. Read as: a request to a port where nothing listens emits \'error\' with an Error; no code is required, but an error that says the API is missing or not implemented is not a connection failure. Source: request Rules 2 and Errors ("A catalogue of error codes and messages: not shown").',
  },
  {
    id: 'https.request.url-credentials-decoded',
    section: REQUEST_RULES,
    title: 'A username and password carried by a URL object are percent-decoded before they are used for the request.',
    level: 'normative',
    since: 'v16.7.0',
  },
  {
    id: 'https.request.http-option-list-not-shown',
    section: REQUEST_RULES,
    title: 'The complete list of plain-HTTP request options is not reproduced in the spec.',
    level: 'informative',
    why: 'The spec states that the list is not shown, so no case can check it against it.',
  },
  {
    id: 'https.request.response-fields',
    section: OTHER_OBJECTS,
    title: 'The response passed to a request\'s callback exposes statusCode and headers.',
    level: 'normative',
  },
  {
    id: 'https.request.object-fields-not-shown',
    section: OTHER_OBJECTS,
    title: 'The full fields of ClientRequest, the response and ChildProcess are left out of the spec.',
    level: 'informative',
    why: 'The spec states that these field lists are not shown, so no case can check them against it.',
  },

  // ── get ─────────────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.get.options-object',
    section: GET,
    title: 'get accepts a plain options object as its only target description.',
    level: 'normative',
  },
  {
    id: 'https.get.url-string',
    section: GET,
    title: 'get accepts a URL string and parses it into the target.',
    level: 'normative',
  },
  {
    id: 'https.get.url-object',
    section: GET,
    title: 'get accepts a URL object and converts it into ordinary options.',
    level: 'normative',
    since: 'v7.5.0',
  },
  {
    id: 'https.get.url-and-options',
    section: GET,
    title: 'get accepts a URL together with a separate options object, both contributing to the request.',
    level: 'normative',
    since: 'v10.9.0',
  },
  {
    id: 'https.get.method-get',
    section: GET,
    title: 'get sends a GET request when no method is given.',
    level: 'normative',
  },
  {
    id: 'https.get.callback-response',
    section: GET,
    title: 'The callback given to get is called with the response.',
    level: 'normative',
  },
  {
    id: 'https.get.returns-client-request',
    section: GET,
    title: 'get returns an instance of the plain-HTTP ClientRequest class.',
    level: 'normative',
  },

  // ── authentication ──────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.auth.tls-credentials-only',
    section: AUTH,
    title: 'Identity in this interface is established by TLS credentials rather than by credentials inside requests.',
    level: 'informative',
    why: 'This describes the security model as a whole; the concrete credential rules are checked separately.',
  },
  {
    id: 'https.auth.server-key-cert',
    section: AUTH,
    title: 'A server given key and cert in createServer\'s options presents that certificate to clients.',
    level: 'normative',
  },
  {
    id: 'https.auth.server-pfx-passphrase',
    section: AUTH,
    title: 'A server given pfx and passphrase in createServer\'s options presents the certificate from that PKCS#12 bundle.',
    level: 'normative',
  },
  {
    id: 'https.auth.pem-text-or-bytes',
    section: AUTH,
    title: 'Server key and cert are accepted both as PEM strings and as byte buffers.',
    level: 'normative',
  },
  {
    id: 'https.auth.client-certificate',
    section: AUTH,
    title: 'A client given key and cert presents that certificate to a server that asks for one.',
    level: 'normative',
  },
  {
    id: 'https.auth.client-ca',
    section: AUTH,
    title: 'A client given a ca trusts servers whose certificates chain to it.',
    level: 'normative',
    why: 'Read as: with ca the run\'s CA, a server certificate issued by it is accepted; with ca an unrelated CA, the same kind of server is refused as a TLS verification failure is. Source: Authentication 3.',
  },
  {
    id: 'https.auth.reject-unauthorized',
    section: AUTH,
    title: 'rejectUnauthorized decides whether a server certificate that fails verification stops the request (true) or is tolerated (false).',
    level: 'normative',
  },
  {
    id: 'https.auth.default-host-check',
    section: AUTH,
    title: 'The standard host check rejects a server whose certificate does not name the host that was requested.',
    level: 'normative',
    why: 'Read as: a server whose certificate chains to the given ca and is valid, but names only elsewhere.invalid, is refused for a request to localhost, as a TLS verification failure is (see https.errors.tls-verification-error-event), while a server named localhost is accepted. Source: Authentication 4 ("the TLS module\'s standard host check").',
  },
  {
    id: 'https.auth.pin-fingerprint256',
    section: AUTH,
    title: 'A checkServerIdentity function can pin a server by comparing the certificate\'s fingerprint256, which is the SHA-256 fingerprint of the certificate.',
    level: 'normative',
  },
  {
    id: 'https.auth.pin-pubkey-sha256',
    section: AUTH,
    title: 'A checkServerIdentity function can pin a server by the base64 SHA-256 hash of the certificate\'s pubkey.',
    level: 'normative',
  },
  {
    id: 'https.auth.application-schemes-not-shown',
    section: AUTH,
    title: 'Token, header-based and other application-level authentication schemes are outside the spec.',
    level: 'informative',
    why: 'The spec states that such schemes are not shown, so there is nothing to check.',
  },

  // ── events ──────────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.events.agent-keylog',
    section: EVENTS,
    title: 'An Agent emits \'keylog\' with a line and the TLS socket whenever a connection it manages produces or receives key material.',
    level: 'normative',
  },
  {
    id: 'https.events.agent-keylog-line-format',
    section: EVENTS,
    title: 'Each \'keylog\' line is an ASCII Buffer following the usual SSLKEYLOGFILE syntax (a label, the client random and a secret).',
    level: 'normative',
  },
  {
    id: 'https.events.agent-keylog-debug-only',
    section: EVENTS,
    title: 'Key-log lines let captured traffic be decrypted, so they are meant for debugging, typically appended to a file.',
    level: 'informative',
    why: 'This is usage advice about sensitive material, not a behaviour an implementation shows.',
  },
  {
    id: 'https.events.server-request',
    section: EVENTS,
    title: 'An https.Server emits \'request\' with the request and response objects for each incoming request.',
    level: 'normative',
  },
  {
    id: 'https.events.response-data',
    section: EVENTS,
    title: 'The response body reaches the client as \'data\' events on the response, one chunk at a time.',
    level: 'normative',
    why: 'Read as: the response body arrives as \'data\' events, and arrives as it is sent: the server (trusted, the harness\'s own) writes each part of the body only after the client has had a \'data\' event for the one before, so a client that holds the body back until its end never completes. Source: Events (response \'data\': "Body chunks are delivered this way").',
  },
  {
    id: 'https.events.full-list-not-shown',
    section: EVENTS,
    title: 'The complete lists of server and child-process events and their arguments are left out of the spec.',
    level: 'informative',
    why: 'The spec states that the full event lists are not shown, so no case can check them against it.',
  },

  // ── errors ──────────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'https.errors.tls-verification-error-event',
    section: ERRORS,
    title: 'A server certificate that fails TLS verification is reported on the request\'s \'error\' event.',
    level: 'normative',
    why: 'Read as: the request emits \'error\' with an Error that is not a missing-API error, the server (trusted, the harness\'s own) saw the client begin a TLS handshake, and no HTTP request reached it; the same request to a server with a valid certificate of the ca must succeed, or the case is inconclusive (an error). Source: Errors (HTTPS client failure … TLS verification) and Authentication 3.',
  },
  {
    id: 'https.errors.identity-check-error-event',
    section: ERRORS,
    title: 'The Error returned by a failing checkServerIdentity is what the request emits on its \'error\' event.',
    level: 'normative',
  },
  {
    id: 'https.errors.codes-not-shown',
    section: ERRORS,
    title: 'The spec gives no catalogue of error codes or messages.',
    level: 'informative',
    why: 'The spec states that the catalogue is not shown, so no code or message can be required.',
  },
  {
    id: 'https.module.other-limits-not-shown',
    section: 'Limits',
    title: 'Beyond the values listed, the spec sets no throttling and no size caps on bodies or headers.',
    level: 'informative',
    why: 'The spec states that these limits are not shown, so there is nothing to check.',
  },
]);
