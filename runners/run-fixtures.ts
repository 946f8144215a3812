// The fixtures of one run: fixture paths, the candidate's executable, and certificates minted once, on first use,
// into a private temp dir that `close()` removes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fixtures } from '../conformance/case.js';
import { fixturePath } from '../conformance/fixture-path.js';

export interface RunFixtures extends Fixtures {
  close(): Promise<void>;
}

type Certificates = Awaited<ReturnType<Fixtures['certificates']>>;

export function createRunFixtures(execPath: string = process.execPath): RunFixtures {
  let minted: Promise<{ dir: string; set: Certificates }> | undefined;
  return {
    path: fixturePath,
    execPath,
    certificates() {
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
    },
    async close() {
      if (!minted) return;
      const pending = minted;
      minted = undefined;
      const result = await pending.catch(() => undefined);
      if (result) await rm(result.dir, { recursive: true, force: true });
    },
  };
}
