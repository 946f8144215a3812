import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { createRunFixtures } from '../../runners/run-fixtures.js';

describe('run fixtures', function () {
  this.timeout(60000);

  it('mint the certificates once for all the fixtures open in the process, and remove them when the last one closes', async () => {
    const first = createRunFixtures();
    const second = createRunFixtures();
    const [a, b] = await Promise.all([first.certificates(), second.certificates()]);
    expect(b, 'certificates of the second fixtures').to.equal(a);
    await first.close();
    expect(existsSync(a.dir), 'certificate directory while the second fixtures are open').to.equal(true);
    await second.close();
    expect(existsSync(a.dir), 'certificate directory once both are closed').to.equal(false);
    const third = createRunFixtures();
    try {
      expect((await third.certificates()).dir, 'certificates of a later run').to.not.equal(a.dir);
    } finally {
      await third.close();
    }
  });

  it('close the trusted peers the in-process cases left open', async () => {
    const fixtures = createRunFixtures();
    const server = await fixtures.trustedServer();
    await fixtures.close();
    const { connect } = await import('node:net');
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    expect(refused).to.equal(true);
  });
});
