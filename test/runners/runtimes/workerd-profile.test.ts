// workerd as a runtime we fetch: its binary's package per platform, the release date its version carries, and the
// compatibility settings a candidate's Worker runs with (the date given or the release's own, nodejs_compat on).
import { expect } from 'chai';
import { releaseDateOf, workerdBinaryInPackage, workerdCompatibility, workerdPackageName } from '../../../runners/runtimes/workerd-profile.js';

describe('workerd profile', () => {
  it("names the binary package the workerd package pulls in for each platform, and none where there is none", () => {
    expect(workerdPackageName('linux', 'x64')).to.equal('@cloudflare/workerd-linux-64');
    expect(workerdPackageName('linux', 'arm64')).to.equal('@cloudflare/workerd-linux-arm64');
    expect(workerdPackageName('darwin', 'arm64')).to.equal('@cloudflare/workerd-darwin-arm64');
    expect(workerdPackageName('win32', 'x64')).to.equal('@cloudflare/workerd-windows-64');
    expect(workerdPackageName('win32', 'arm64')).to.equal(undefined);
    expect(workerdPackageName('aix', 'ppc64')).to.equal(undefined);
    expect(workerdBinaryInPackage('linux')).to.equal('bin/workerd');
  });

  it('reads the release date a version carries, and nothing from other forms', () => {
    expect(releaseDateOf('1.20261117.1')).to.equal('2026-11-17');
    expect(releaseDateOf('1.20250814.0')).to.equal('2025-08-14');
    expect(releaseDateOf('2.0.0')).to.equal(undefined);
  });

  it('runs a Worker at the date given, else the release date, with nodejs_compat on: as a flag before the date that implies it', () => {
    expect(workerdCompatibility({ compatibilityFlags: [] }, '1.20261117.1')).to.deep.equal({ date: '2026-11-17', flags: [] });
    expect(workerdCompatibility({ compatibilityDate: '2025-08-14', compatibilityFlags: [] }, '1.20261117.1')).to.deep.equal({ date: '2025-08-14', flags: ['nodejs_compat'] });
    expect(workerdCompatibility({ compatibilityDate: '2025-08-14', compatibilityFlags: ['enable_nodejs_http_modules'] }, '1.20261117.1').flags).to.deep.equal([
      'enable_nodejs_http_modules',
      'nodejs_compat',
    ]);
    // workerd refuses to be given a flag its date already turns on.
    expect(workerdCompatibility({ compatibilityDate: '2099-01-01', compatibilityFlags: ['x'] }, '1.20261117.1').flags).to.deep.equal(['x']);
    expect(() => workerdCompatibility({ compatibilityFlags: [] }, '9.9.9')).to.throw(RangeError, /date=YYYY-MM-DD/);
  });
});
