// The releases a version range names: in range, oldest first, without prereleases, listed from the runtime's package
// on a registry; no match, or no such package, is a CandidateError with the reason.
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listReleases } from '../../../runners/runtimes/release-list.js';
import { CandidateError } from '../../../results/candidate-spec.js';
import { PROFILES } from '../../../runners/runtimes/runtime-profile.js';

describe('release list', () => {
  describe('from a registry', () => {
    let server: Server;
    let registry: string;
    const packageName = PROFILES.node.packageName(process.platform, process.arch);
    before(async function () {
      if (!packageName) this.skip();
      server = createServer((request, response) => {
        if (request.url === `/${packageName}`) {
          response.setHeader('content-type', 'application/json');
          // Out of order, with prereleases and a string that is no version: what registries hold.
          const versions = ['19.0.0', '18.20.8', '4.1.0-pkg1', '18.0.0', '17.9.1', '20.0.0', '18.1.0', 'not-a-version', '19.0.0-rc.1'];
          response.end(JSON.stringify({ name: packageName, versions: Object.fromEntries(versions.map((version) => [version, {}])) }));
          return;
        }
        response.statusCode = 404;
        response.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    after(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    it('lists the published versions of the runtime package for this platform in the range, oldest first, without prereleases', async () => {
      const list = await listReleases('node', '>=18 <20', { registry });
      expect(list).to.deep.equal({ runtime: 'node', packageName, range: '>=18 <20', versions: ['18.0.0', '18.1.0', '18.20.8', '19.0.0'] });
      expect((await listReleases('node', '19', { registry })).versions).to.deep.equal(['19.0.0']);
    });

    it('refuses a range nothing matches, and a registry without the package, with a reason', async () => {
      const none = await listReleases('node', '>=99', { registry }).catch((error: unknown) => error);
      expect(none).to.be.instanceOf(CandidateError);
      expect(String(none)).to.contain('no published release matching >=99');
      const missing = await listReleases('deno', '2', { registry }).catch((error: unknown) => error);
      expect(missing).to.be.instanceOf(CandidateError);
      expect(String(missing)).to.match(/cannot list the releases of .*answered 404/);
    });
  });
});
