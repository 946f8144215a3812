// Benchmark: requests per second of the reference https client + server against the host's, on keep-alive GETs over
// 127.0.0.1. Short rounds alternate between the two so machine-load drift hits both alike; prints medians and ratio.
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as host from 'node:https';
import type { IncomingMessage } from 'node:http';
import reference from '../reference/https.js';
import { mintCertificates, type CertificateSet } from '../runners/fixtures/mint-certificates.js';

type Module = typeof host;

/** Requests in flight at once (one per pooled keep-alive connection). */
const CONCURRENCY = 8;
const ROUND_MS = 1000;
const ROUNDS = 9;
const BODY = 'hello from the benchmark\n';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Rig {
  readonly name: string;
  /** Runs GETs with CONCURRENCY in flight for `ms`; resolves with requests completed per second. */
  round(ms: number): Promise<number>;
  close(): Promise<void>;
}

async function startRig(name: string, module: Module, certs: CertificateSet): Promise<Rig> {
  const server = module.createServer({ key: certs.server.key.pem, cert: certs.server.cert.pem }, (_req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end(BODY);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const agent = new module.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const options = { host: '127.0.0.1', servername: 'localhost', port, path: '/', ca: certs.ca.cert.pem, agent };

  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = module.get(options, (res: IncomingMessage) => {
        res.on('data', () => undefined);
        res.on('end', resolve);
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  return {
    name,
    async round(ms) {
      const deadline = performance.now() + ms;
      let done = 0;
      const worker = async (): Promise<void> => {
        while (performance.now() < deadline) {
          await one();
          done += 1;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return done / ((performance.now() - started) / 1000);
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Runs the https benchmark. Target: reference ≥ 0.95× host requests/s. */
export default async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'rtconf-bench-certs-'));
  try {
    const mintStarted = performance.now();
    const certs = await mintCertificates(dir);
    console.log(`https: certificates minted in ${(performance.now() - mintStarted).toFixed(0)} ms`);
    const rigs = [
      await startRig('reference', reference as unknown as Module, certs),
      await startRig('host', host, certs),
    ];
    try {
      for (const rig of rigs) await rig.round(300); // warm-up: handshakes, JIT
      const rates: Record<string, number[]> = { reference: [], host: [] };
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 ? [...rigs].reverse() : rigs;
        for (const rig of order) rates[rig.name]?.push(await rig.round(ROUND_MS));
      }
      const ref = median(rates['reference'] ?? []);
      const hostRate = median(rates['host'] ?? []);
      console.log(
        `keep-alive GET, ${CONCURRENCY} in flight, ${ROUNDS} × ${ROUND_MS} ms rounds: median reference ${ref.toFixed(0)} req/s, host ${hostRate.toFixed(0)} req/s, ratio ${(ref / hostRate).toFixed(3)}× (target ≥ 0.95×)`,
      );
    } finally {
      for (const rig of rigs) await rig.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
