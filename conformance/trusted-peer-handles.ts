// The trusted peers of the https cases, as the cases see them: a TLS server and a TLS client that belong to the
// harness (Node's own node:https and node:tls, in the harness's process), so that the candidate's client is checked
// against a server that is known to be right and its server against a known-good client, and what the trusted side
// saw is the observation. The harness serves them (`runners/fixtures/trusted-peer-service.ts`); a case reaches them
// through handles (`runners/fixtures/trusted-peers-over.ts`), over an agent's channel when it runs in one, so every
// call is one operation with plain-data arguments and a plain-data result. This file holds only those plain-data types.

/** Which minted credential the trusted server presents (fields of the run's `CertificateSet`). */
export type TrustedCredential = 'server' | 'otherServer' | 'expired' | 'wrongName';

/** How the trusted server answers every request, once it has read the request to its end. */
export interface TrustedResponse {
  /** Default 200. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Default `'ok'`. Given as parts, the first part is written at once and each next one only after the case calls
   * `release()` once more: the body then cannot reach the client in one piece.
   */
  readonly body?: string | readonly string[];
}

export interface TrustedServerOptions {
  /** Default `server`: localhost and 127.0.0.1, issued by the run's CA. */
  readonly credential?: TrustedCredential;
  /**
   * Ask every client for a certificate, verified against the run's CA. A missing or untrusted one is recorded in the
   * connection's observation, never refused, so the case decides.
   */
  readonly requestCert?: boolean;
  readonly respond?: TrustedResponse;
  /**
   * How long the server keeps an idle keep-alive connection open (Node's default is 5000 ms), so that a case can tell
   * a connection the client closed from one the server closed. At most 60000.
   */
  readonly keepAliveTimeoutMs?: number;
}

/** A certificate as an observer records it. */
export interface ObservedCertificate {
  readonly subjectCN: string | null;
  readonly issuerCN: string | null;
  readonly fingerprint256: string;
}

/** What a failure looked like: the `code` (when the error had one) and the first line of the message. */
export interface ObservedError {
  readonly code: string | null;
  readonly message: string;
}

/** One connection the trusted server accepted, as its TLS layer saw it. */
export interface ObservedConnection {
  /** 1, 2, … in the order the connections arrived. */
  readonly id: number;
  /** The client opened with a TLS handshake record (its ClientHello), not with plain text such as an HTTP request. */
  readonly tlsStarted: boolean;
  /** The handshake completed. */
  readonly secure: boolean;
  /** Why the handshake failed, as the server's TLS layer reported it (an alert from the client, a hang-up, plain HTTP). */
  readonly failure: ObservedError | null;
  /** The SNI name the client sent; false when it sent none. */
  readonly servername: string | false;
  /** `TLSv1.3`, `TLSv1.2`, … once secure. */
  readonly protocol: string | null;
  /** OpenSSL name of the negotiated cipher, once secure. */
  readonly cipher: string | null;
  /** The client resumed an earlier TLS session instead of doing a full handshake. */
  readonly sessionReused: boolean;
  /** The certificate the client presented (only asked for with `requestCert`). */
  readonly clientCertificate: ObservedCertificate | null;
  /** The presented client certificate chains to the run's CA. */
  readonly clientAuthorized: boolean;
  readonly closed: boolean;
}

/** One HTTP request the trusted server received (in progress while `complete` is false). */
export interface ObservedRequest {
  /** The `id` of the connection it came on. */
  readonly connection: number;
  readonly method: string;
  readonly url: string;
  readonly httpVersion: string;
  /** Header names in lower case; a repeated header as its values joined by ', ' (set-cookie: an array). */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** Header lines as received, counted. */
  readonly headerLines: number;
  /** The body received so far, as UTF-8. */
  readonly body: string;
  /** The body has ended. */
  readonly complete: boolean;
}

export interface ServerObservation {
  readonly connections: readonly ObservedConnection[];
  readonly requests: readonly ObservedRequest[];
}

/** A server of the harness on 127.0.0.1, closed with its connections by `close()` or when the case ends. */
export interface TrustedServer {
  readonly port: number;
  /** What the server has seen so far. */
  observe(): Promise<ServerObservation>;
  /** Lets every response given as parts write its next part. */
  release(): Promise<void>;
  close(): Promise<void>;
}

export interface TrustedConnectOptions {
  /** The candidate's server, on 127.0.0.1. */
  readonly port: number;
  /** SNI name to send; default `localhost`; false sends none. */
  readonly servername?: string | false;
  /** Present the run's client certificate (`client`, issued by the run's CA). */
  readonly clientCertificate?: boolean;
  readonly maxVersion?: 'TLSv1.2' | 'TLSv1.3';
  /**
   * Open the TCP connection and send nothing, not even a ClientHello: a client that never starts its TLS handshake.
   * The handshake observation is then not secure, with no error unless the connection itself failed.
   */
  readonly silent?: boolean;
}

/** The outcome of the trusted client's handshake with the candidate's server. */
export interface HandshakeObservation {
  readonly secure: boolean;
  /** Why the connection or the handshake failed. */
  readonly error: ObservedError | null;
  readonly protocol: string | null;
  readonly cipher: string | null;
  /** The certificate the server presented. */
  readonly peerCertificate: ObservedCertificate | null;
  /** The server's certificate chains to the run's CA and names localhost (the trusted client verifies, but does not refuse). */
  readonly authorized: boolean;
  readonly authorizationError: string | null;
}

/** A request of the trusted client; written as HTTP/1.1 on the connection. */
export interface TrustedRequest {
  /** Default GET. */
  readonly method?: string;
  /** Default `/`. */
  readonly path?: string;
  /**
   * Header lines, sent exactly as given and in this order; `Host: localhost` and `Connection: keep-alive` are added
   * when they are not among them.
   */
  readonly headers?: readonly (readonly [string, string])[];
  readonly body?: string;
}

/** The answer to a request of the trusted client: the response read to its end, or what went wrong instead. */
export type TrustedReply =
  | {
      readonly ok: true;
      readonly status: number;
      readonly headers: Readonly<Record<string, string | readonly string[]>>;
      readonly body: string;
    }
  | { readonly ok: false; readonly error: ObservedError };

export interface ConnectionObservation {
  /** The connection has closed (either side). */
  readonly closed: boolean;
  /** The bytes received outside request/response exchanges (after `send`, say), as latin1, bounded. */
  readonly received: string;
}

/** A TLS connection of the harness to the candidate's server, closed by `close()` or when the case ends. */
export interface TrustedConnection {
  readonly handshake: HandshakeObservation;
  /** Sends one request on this connection (kept alive) and waits for its response or its failure. */
  request(request?: TrustedRequest): Promise<TrustedReply>;
  /** Writes raw bytes (latin1) to the connection, outside any exchange. */
  send(data: string): Promise<void>;
  observe(): Promise<ConnectionObservation>;
  close(): Promise<void>;
}

/** The operations of the trusted-peer service, each with its argument and result: the wire contract. */
export interface TrustedOperations {
  'server.start': { readonly args: TrustedServerOptions; readonly result: { readonly server: number; readonly port: number } };
  'server.observe': { readonly args: { readonly server: number }; readonly result: ServerObservation };
  'server.release': { readonly args: { readonly server: number }; readonly result: null };
  'server.close': { readonly args: { readonly server: number }; readonly result: null };
  'client.connect': { readonly args: TrustedConnectOptions; readonly result: { readonly connection: number; readonly handshake: HandshakeObservation } };
  'client.request': { readonly args: { readonly connection: number; readonly request: TrustedRequest }; readonly result: TrustedReply };
  'client.send': { readonly args: { readonly connection: number; readonly data: string }; readonly result: null };
  'client.observe': { readonly args: { readonly connection: number }; readonly result: ConnectionObservation };
  'client.close': { readonly args: { readonly connection: number }; readonly result: null };
}

export type TrustedOperation = keyof TrustedOperations;

/** Performs one operation: directly on the service in the harness, or as a message over an agent's channel. */
export type TrustedCall = <K extends TrustedOperation>(operation: K, args: TrustedOperations[K]['args']) => Promise<TrustedOperations[K]['result']>;

/** What the fixtures offer the cases: the two peers. */
export interface TrustedPeers {
  /** Starts a trusted server; the caller closes it (the `_util` helpers defer that to the end of the case). */
  trustedServer(options?: TrustedServerOptions): Promise<TrustedServer>;
  /** Opens a trusted client connection to the candidate's server and completes (or fails) the TLS handshake. */
  trustedClient(options: TrustedConnectOptions): Promise<TrustedConnection>;
}
