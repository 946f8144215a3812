// The fixtures of one run: fixture paths, the candidate's executable, certificates minted once, on first use, into a
// private temp dir, and the trusted peers of the https cases, served from this (the harness's) process. `close()`
// closes every trusted peer and lets go of the certificates.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fixtures } from '../conformance/case.js';
import { fixturePath } from '../conformance/fixture-path.js';
import { createTrustedPeerScope, type TrustedPeerScope } from '../conformance/https/trusted-peer-service.js';
import { trustedPeersOver, type TrustedCall } from '../conformance/https/trusted-peer.js';

export interface RunFixtures extends Fixtures {
  close(): Promise<void>;
}

type Certificates = Awaited<ReturnType<Fixtures['certificates']>>;

interface Minted {
  readonly dir: string;
  readonly set: Certificates;
}

/**
 * The certificates of this process, shared by every open run fixture (a run has one per candidate): minting takes
 * four RSA key pairs, seconds on a busy machine, and that time falls inside the first https case of each candidate.
 * Removed when the last fixture using them closes; a later run mints afresh.
 */
let shared: { users: number; minted: Promise<Minted> } | undefined;

async function mint(): Promise<Minted> {
  const dir = await mkdtemp(join(tmpdir(), 'rtconf-certs-'));
  try {
    const { mintCertificates } = await import('../conformance/https/certificates.js');
    return { dir, set: (await mintCertificates(dir)) as Certificates };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function acquire(): Promise<Minted> {
  shared ??= { users: 0, minted: mint() };
  shared.users += 1;
  return shared.minted;
}

async function release(): Promise<void> {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users > 0) return;
  const last = shared;
  shared = undefined;
  const minted = await last.minted.catch(() => undefined);
  if (minted) await rm(minted.dir, { recursive: true, force: true });
}

export function createRunFixtures(execPath: string = process.execPath): RunFixtures {
  let held: Promise<Minted> | undefined;
  const certificates = (): Promise<Certificates> => (held ??= acquire()).then((minted) => minted.set);
  // The in-process cases share one scope (agents have their own, see agent-process.ts); each case closes what it
  // opened, and `close()` catches the rest.
  let scope: TrustedPeerScope | undefined;
  const call: TrustedCall = (operation, args) => (scope ??= createTrustedPeerScope(certificates)).call(operation, args) as ReturnType<TrustedCall>;
  const peers = trustedPeersOver(call);
  return {
    path: fixturePath,
    execPath,
    certificates,
    trustedServer: peers.trustedServer,
    trustedClient: peers.trustedClient,
    async close() {
      const open = scope;
      scope = undefined;
      await open?.close();
      if (!held) return;
      held = undefined;
      await release();
    },
  };
}
