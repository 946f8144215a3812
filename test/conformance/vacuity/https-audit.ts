// The vacuity audit of the rt:https cases: each case whose rule concerns an option or a value, with the candidates
// that ignore it (the option dropped, another default, the value swapped for the default), every one of which the case
// must fail; and the cases about neither, with why.
import type { CandidateModules } from '../../../conformance/modules.js';
import type { AuditEntry, IgnoringCandidate, ModuleAudit } from './audit-entry.js';
import {
  editedAgentClass,
  editedAgentOptions,
  editedRequestOptions,
  editedServerOptions,
  httpsWith,
  otherGlobalAgent,
  patchedServers,
  RefAgent,
  without,
  withEditedRequestOptions,
  type OptionsEdit,
} from './ignoring-https.js';

type Fn = (...args: unknown[]) => unknown;

function candidate(ignores: string, build: () => CandidateModules['https']): IgnoringCandidate {
  return { ignores, modules: () => ({ https: build() }) };
}

const requestDrops = (...names: string[]): IgnoringCandidate => candidate(`drops the request option${names.length > 1 ? 's' : ''} ${names.join(', ')}`, () => editedRequestOptions((options) => without(options, ...names)));
const requestDefault = (name: string, value: unknown): IgnoringCandidate =>
  candidate(`defaults the request option ${name} to ${JSON.stringify(value)}`, () => editedRequestOptions((options) => (options[name] === undefined ? { ...options, [name]: value } : options)));
const requestEdit = (ignores: string, edit: OptionsEdit): IgnoringCandidate => candidate(ignores, () => editedRequestOptions(edit));
const agentDrops = (...names: string[]): IgnoringCandidate => candidate(`drops the Agent option${names.length > 1 ? 's' : ''} ${names.join(', ')}`, () => editedAgentOptions((options) => without(options, ...names)));
const agentDefault = (name: string, value: unknown): IgnoringCandidate =>
  candidate(`defaults the Agent option ${name} to ${JSON.stringify(value)}`, () => editedAgentOptions((options) => (options[name] === undefined ? { ...options, [name]: value } : options)));
const serverDrops = (...names: string[]): IgnoringCandidate => candidate(`drops the createServer option${names.length > 1 ? 's' : ''} ${names.join(', ')}`, () => editedServerOptions((options) => without(options, ...names)));

/** A new server whose `property` starts at `value` (another default). */
const serverDefault = (property: string, value: unknown): IgnoringCandidate => candidate(`gives a new server ${property} ${JSON.stringify(value)}`, () => patchedServers((server) => (server[property] = value)));

/** A server on which assigning `property` changes nothing (the value swapped for the one it had). */
const serverIgnoresAssignment = (property: string): IgnoringCandidate =>
  candidate(`ignores an assignment to server.${property}`, () =>
    patchedServers((server) => {
      const kept = server[property];
      Object.defineProperty(server, property, { get: () => kept, set: () => undefined, configurable: true });
    }),
  );

/** Agents whose own createConnection is the base class's, so a subclass's override is never called. */
const overrideIgnored = (): IgnoringCandidate =>
  candidate("calls its own createConnection, not a subclass's override", () =>
    editedAgentOptions(
      (options) => options,
      (agent) => Object.defineProperty(agent, 'createConnection', { value: RefAgent.prototype.createConnection, writable: true, configurable: true }),
    ),
  );

/** request and get that pass a URL object's credentials on as they are, percent-encoded. */
function credentialsNotDecoded(): CandidateModules['https'] {
  const raw = (args: unknown[]): unknown[] => {
    const url = args.find((arg): arg is URL => arg instanceof URL);
    return url && url.username !== '' ? withEditedRequestOptions(args, (options) => ({ ...options, auth: `${url.username}:${url.password}` })) : args;
  };
  const reference = httpsWith({}) as unknown as Record<'request' | 'get', Fn>;
  return httpsWith({ request: (...args: unknown[]) => reference.request(...raw(args)), get: (...args: unknown[]) => reference.get(...raw(args)) });
}

/** request and get that send through a fresh default Agent, not globalAgent, when no agent is named. */
function freshAgentPerRequest(): CandidateModules['https'] {
  return editedRequestOptions((options) => (options['agent'] === undefined ? { ...options, agent: new RefAgent() } : options));
}

/** request and get that ignore a callback given to them (it never hears of the response). */
function callbackDropped(): CandidateModules['https'] {
  const reference = httpsWith({}) as unknown as Record<'request' | 'get', Fn>;
  const strip = (args: unknown[]): unknown[] => args.filter((arg) => typeof arg !== 'function');
  return httpsWith({ request: (...args: unknown[]) => reference.request(...strip(args)), get: (...args: unknown[]) => reference.get(...strip(args)) });
}

/** request and get that ignore the options object given beside a URL. */
function optionsBesideUrlDropped(): CandidateModules['https'] {
  const reference = httpsWith({}) as unknown as Record<'request' | 'get', Fn>;
  const strip = (args: unknown[]): unknown[] => (typeof args[0] === 'string' || args[0] instanceof URL ? args.filter((arg, index) => index === 0 || typeof arg === 'function') : args);
  return httpsWith({ request: (...args: unknown[]) => reference.request(...strip(args)), get: (...args: unknown[]) => reference.get(...strip(args)) });
}

/** A server whose setTimeout() without msecs sets `msecs` (another default). */
function setTimeoutDefault(msecs: number): IgnoringCandidate {
  return candidate(`defaults setTimeout's msecs to ${msecs}`, () =>
    patchedServers((server) => {
      const original = server['setTimeout'] as Fn;
      server['setTimeout'] = function setTimeout(this: unknown, ...args: unknown[]) {
        return Reflect.apply(original, this, typeof args[0] === 'number' ? args : [msecs, ...args]);
      };
    }),
  );
}

/** A server whose setTimeout(msecs, callback) keeps the callback and ignores msecs. */
function setTimeoutIgnoresMsecs(): IgnoringCandidate {
  return candidate('ignores the msecs given to setTimeout', () =>
    patchedServers((server) => {
      const original = server['setTimeout'] as Fn;
      server['setTimeout'] = function setTimeout(this: unknown, ...args: unknown[]) {
        return Reflect.apply(original, this, args.filter((arg) => typeof arg !== 'number'));
      };
    }),
  );
}

/** An Agent whose pool name leaves out these TLS options: requests differing only in them share kept-alive connections. */
function poolsAcross(...names: string[]): IgnoringCandidate {
  return candidate(`pools connections across requests that differ in ${names.join(', ')}`, () =>
    httpsWith({
      Agent: class PoolingAgent extends RefAgent {
        override getName(options: Parameters<RefAgent['getName']>[0] = {}): string {
          return super.getName(without(options as Record<string, unknown>, ...names));
        }
      },
    }),
  );
}

const dropsCheck = requestDrops('checkServerIdentity');
const noVerification = requestDefault('rejectUnauthorized', false);

function entries(ids: readonly string[], candidates: readonly IgnoringCandidate[]): AuditEntry[] {
  return ids.map((id) => ({ case: id, candidates }));
}

export const httpsAudit: ModuleAudit = {
  entries: [
    { case: 'https.server.headers-timeout-default-60000', candidates: [serverDefault('headersTimeout', 40_000)] },
    { case: 'https.server.request-timeout-default-300000', candidates: [serverDefault('requestTimeout', 0)] },
    { case: 'https.server.timeout-default-0', candidates: [serverDefault('timeout', 120_000)] },
    { case: 'https.server.keep-alive-timeout-default-5000', candidates: [serverDefault('keepAliveTimeout', 0)] },
    { case: 'https.server.max-headers-count-default-keeps-2000', candidates: [serverDefault('maxHeadersCount', 1000), serverDefault('maxHeadersCount', null)] },
    { case: 'https.server.set-timeout-without-msecs-is-120000', candidates: [setTimeoutDefault(0)] },
    { case: 'https.server.set-timeout-calls-back-for-idle-socket', candidates: [setTimeoutIgnoresMsecs()] },
    { case: 'https.server.timeout-destroys-idle-socket', candidates: [serverIgnoresAssignment('timeout')] },
    { case: 'https.server.max-headers-count-setter-as-plain-http', candidates: [serverIgnoresAssignment('maxHeadersCount')] },
    { case: 'https.server.headers-timeout-answers-408', candidates: [serverDrops('headersTimeout')] },
    { case: 'https.server.headers-timeout-set-on-the-server-answers-408', candidates: [serverIgnoresAssignment('headersTimeout')] },
    { case: 'https.server.keep-alive-timeout-closes-idle-connection', candidates: [serverIgnoresAssignment('keepAliveTimeout')] },
    { case: 'https.create-server.presents-key-cert-certificate', candidates: [serverDrops('key', 'cert')] },
    { case: 'https.create-server.pfx-with-passphrase', candidates: [serverDrops('pfx')] },
    {
      case: 'https.create-server.key-cert-as-pem-text',
      candidates: [candidate('drops key and cert given as PEM text', () => editedServerOptions((options) => (typeof options['key'] === 'string' ? without(options, 'key', 'cert') : options)))],
    },
    {
      case: 'https.create-server.key-cert-as-buffers',
      candidates: [candidate('drops key and cert given as bytes', () => editedServerOptions((options) => (Buffer.isBuffer(options['key']) ? without(options, 'key', 'cert') : options)))],
    },
    { case: 'https.create-server.secure-context-max-version', candidates: [serverDrops('maxVersion')] },
    { case: 'https.create-server.http-max-header-size', candidates: [serverDrops('maxHeaderSize')] },
    { case: 'https.create-server.request-cert-rejects-client-without-certificate', candidates: [serverDrops('requestCert')] },
    { case: 'https.create-server.reject-unauthorized-false-serves-client-without-certificate', candidates: [serverDrops('rejectUnauthorized')] },
    { case: 'https.create-server.handshake-timeout-closes-silent-connection', candidates: [serverDrops('handshakeTimeout')] },
    ...entries(['https.request.form-options-callback', 'https.get.form-options-callback'], [candidate('drops the callback', callbackDropped), requestDrops('path')]),
    ...entries(
      ['https.request.form-url-string-options-callback', 'https.request.form-url-object-options-callback', 'https.get.form-url-string-options-callback', 'https.get.form-url-object-options-callback'],
      [candidate('drops the options given beside a URL', optionsBesideUrlDropped)],
    ),
    { case: 'https.request.url-credentials-percent-decoded', candidates: [candidate("passes a URL's credentials on percent-encoded", credentialsNotDecoded)] },
    { case: 'https.get.sends-get-and-ends-request', candidates: [requestDefault('method', 'POST')] },
    ...entries(['https.request.default-port-443', 'https.request.default-port-443-for-url-without-port'], [requestDefault('port', 444)]),
    { case: 'https.request.default-protocol-https', candidates: [requestDefault('protocol', 'http:')] },
    { case: 'https.request.agent-false-opens-own-connection', candidates: [requestEdit('reads agent: false as globalAgent', (options) => (options['agent'] === false ? without(options, 'agent') : options))] },
    { case: 'https.request.http-options-method-path-headers', candidates: [requestDrops('method'), requestDrops('path'), requestDrops('headers')] },
    { case: 'https.request.tls-options-reach-connection', candidates: [requestDrops('ciphers'), requestDrops('maxVersion'), requestDrops('secureProtocol'), requestDrops('secureOptions')] },
    { case: 'https.request.high-water-mark-reaches-socket', candidates: [requestDrops('highWaterMark')] },
    { case: 'https.agent.keep-alive-option-reuses-connection', candidates: [agentDrops('keepAlive')] },
    { case: 'https.agent.default-does-not-keep-alive', candidates: [agentDefault('keepAlive', true)] },
    { case: 'https.agent.tls-options-given-to-agent', candidates: [agentDrops('ca'), agentDrops('key', 'cert'), requestDrops('agent')] },
    ...entries(['https.agent.create-connection-returns-socket', 'https.agent.create-connection-async-callback'], [overrideIgnored()]),
    { case: 'https.agent.resumes-cached-session', candidates: [agentDefault('maxCachedSessions', 0)] },
    {
      case: 'https.agent.max-cached-sessions-zero-never-resumes',
      candidates: [
        agentDrops('maxCachedSessions'),
        candidate('keeps connections alive and drops maxCachedSessions', () => editedAgentOptions((options) => ({ keepAlive: true, ...without(options, 'maxCachedSessions') }))),
      ],
    },
    { case: 'https.agent.max-cached-sessions-bounds-cache', candidates: [agentDrops('maxCachedSessions')] },
    { case: 'https.agent.max-cached-sessions-default-100', candidates: [agentDefault('maxCachedSessions', 50), agentDefault('maxCachedSessions', 1000)] },
    { case: 'https.agent.sni-is-target-host-name', candidates: [agentDefault('servername', '')] },
    { case: 'https.agent.no-sni-for-ip-target', candidates: [requestEdit("sends the server name 'localhost' when none is given", (options) => (options['servername'] === undefined ? { ...options, servername: 'localhost' } : options))] },
    { case: 'https.agent.servername-option-is-sent', candidates: [candidate('drops the servername option of Agents and requests', () => editedRequestOptions((options) => without(options, 'servername'), { Agent: editedAgentClass((options) => without(options, 'servername')) }))] },
    { case: 'https.agent.empty-servername-sends-no-sni', candidates: [candidate("reads servername '' as none given", () => editedAgentOptions((options) => (options['servername'] === '' ? without(options, 'servername') : options)))] },
    { case: 'https.global-agent.used-when-no-agent-named', candidates: [candidate('sends requests that name no agent through a fresh Agent', freshAgentPerRequest)] },
    { case: 'https.global-agent.keeps-connection-alive', candidates: [candidate('has a global agent without keepAlive', () => otherGlobalAgent({ timeout: 5000 }))] },
    {
      case: 'https.global-agent.socket-timeout-5000',
      candidates: [candidate('has a global agent without a timeout', () => otherGlobalAgent({ keepAlive: true })), candidate('has a global agent whose timeout is 1000 ms', () => otherGlobalAgent({ keepAlive: true, timeout: 1000 }))],
    },
    ...entries(
      [
        'https.request.check-server-identity-gets-host-and-certificate',
        'https.request.check-server-identity-undefined-accepts',
        'https.request.check-server-identity-error-reaches-error-event',
        'https.request.peer-certificate-has-spec-fields',
        'https.auth.pin-fingerprint256-accepts-right-pin',
        'https.auth.pin-fingerprint256-rejects-wrong-pin',
        'https.auth.pin-pubkey-sha256-accepts-right-pin',
        'https.auth.pin-pubkey-sha256-rejects-wrong-pin',
      ],
      [dropsCheck],
    ),
    { case: 'https.auth.host-check-rejects-other-name', candidates: [requestDefault('checkServerIdentity', () => undefined)] },
    { case: 'https.auth.ca-option-trusts-its-servers', candidates: [requestDrops('ca')] },
    ...entries(['https.errors.untrusted-ca-on-error-event', 'https.errors.expired-certificate-on-error-event', 'https.errors.default-trust-store-rejects-private-ca'], [noVerification]),
    { case: 'https.auth.reject-unauthorized-false-tolerates', candidates: [requestDrops('rejectUnauthorized')] },
    { case: 'https.auth.client-key-cert-presented', candidates: [requestDrops('key', 'cert')] },
    { case: 'https.auth.client-pfx-presented', candidates: [requestDrops('pfx')] },
    { case: 'https.agent.verifying-request-never-reuses-an-unverified-connection', candidates: [poolsAcross('rejectUnauthorized')] },
    { case: 'https.agent.request-without-a-ca-never-reuses-a-connection-trusted-through-one', candidates: [poolsAcross('ca')] },
    { case: 'https.agent.request-with-a-client-certificate-never-reuses-a-connection-without-it', candidates: [poolsAcross('cert'), poolsAcross('pfx')] },
    { case: 'https.agent.request-with-other-tls-options-never-reuses-a-connection-made-without-them', candidates: [poolsAcross('ciphers'), poolsAcross('secureProtocol'), poolsAcross('secureOptions')] },
  ],
  exempt: [
    {
      cases: [
        'https.module.exports-spec-names',
        'https.server.instance-of-tls-server',
        'https.server.listen-accepts-tls-connections',
        'https.server.set-timeout-returns-server',
        'https.server.close-returns-server',
        'https.server.close-calls-back-once-closed',
        'https.server.close-closes-idle-keep-alive-connections',
        'https.server.async-dispose-calls-close',
        'https.server.async-dispose-fulfils-after-close',
        'https.server.close-all-connections-drops-busy-and-idle',
        'https.server.close-idle-connections-spares-busy',
        'https.create-server.accepts-every-argument-form',
        'https.create-server.listener-gets-request-and-response',
        'https.request.returns-writable-client-request',
        'https.get.returns-client-request',
        'https.request.body-written-then-ended',
        'https.request.response-status-and-headers',
        'https.events.response-body-as-data-events',
        'https.agent.constructs-without-options',
        'https.agent.keylog-emitted-with-socket',
        'https.agent.keylog-lines-in-key-log-format',
        'https.global-agent.is-an-agent',
        'https.errors.connection-refused-on-error-event',
      ],
      why: 'the rule is about what a function returns, which class an object is, the events it emits or how it closes: no option or value is given that a candidate could ignore',
    },
    {
      cases: ['https.request.form-url-string-callback', 'https.request.form-url-object-callback', 'https.get.form-url-string-callback', 'https.get.form-url-object-callback'],
      why: 'the URL alone is the input, and the case checks where it led (host, port, path); a candidate ignoring it would reach no server at all, which the case fails',
    },
    {
      cases: [
        'https.load.no-crypto-require-throws-catchably',
        'https.load.no-crypto-dynamic-import-rejects-catchably',
        'https.load.no-crypto-static-import-reaches-prior-handler',
        'https.load.no-crypto-static-import-fails-program-without-handler',
      ],
      why: 'about loading the module on a build without crypto: no option or value; test/conformance/https-mutants.test.ts loads modules that do not throw',
    },
  ],
};
