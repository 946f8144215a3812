// The fixtures of one run: fixture paths, the candidate's executable, certificates minted once, on first use, into a
// private temp dir, and the trusted peers of the https cases, served from this (the harness's) process. `close()`
// closes every trusted peer and removes the certificates.
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

export function createRunFixtures(execPath: string = process.execPath): RunFixtures {
  let minted: Promise<{ dir: string; set: Certificates }> | undefined;
  const certificates = (): Promise<Certificates> => {
    minted ??= (async () => {
      const dir = await mkdtemp(join(tmpdir(), 'rtconf-certs-'));
      try {
        const { mintCertificates } = await import('../conformance/https/certificates.js');
        return { dir, set: (await mintCertificates(dir)) as Certificates };
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
    })();
    return minted.then((result) => result.set);
  };
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
      if (!minted) return;
      const pending = minted;
      minted = undefined;
      const result = await pending.catch(() => undefined);
      if (result) await rm(result.dir, { recursive: true, force: true });
    },
  };
}
