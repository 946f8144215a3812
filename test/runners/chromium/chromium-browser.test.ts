// Which Chromium a `chromium:` candidate runs in: $RTCONF_CHROMIUM when set, else chromium or chromium-browser on
// PATH; what was looked for when there is none. No browser needed.
import { expect } from 'chai';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findChromium } from '../../../runners/chromium/chromium-browser.js';

describe('findChromium', () => {
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-find-chromium-'));
    await writeFile(join(dir, 'chromium-browser'), '#!/bin/sh\n');
    await chmod(join(dir, 'chromium-browser'), 0o755);
    await writeFile(join(dir, 'not-executable'), '');
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes $RTCONF_CHROMIUM when it is an executable file', () => {
    expect(findChromium({ RTCONF_CHROMIUM: join(dir, 'chromium-browser'), PATH: '' })).to.deep.equal({ path: join(dir, 'chromium-browser') });
  });

  it('says so when $RTCONF_CHROMIUM is not an executable file, without looking further', () => {
    const found = findChromium({ RTCONF_CHROMIUM: join(dir, 'not-executable'), PATH: dir });
    expect(found).to.deep.equal({ missing: `RTCONF_CHROMIUM=${join(dir, 'not-executable')} is not an executable file` });
  });

  it('looks for chromium and chromium-browser along PATH', () => {
    expect(findChromium({ PATH: ['/nonexistent', dir].join(delimiter) })).to.deep.equal({ path: join(dir, 'chromium-browser') });
  });

  it('names what it looked for and how to install it when there is none', () => {
    const found = findChromium({ PATH: '/nonexistent' });
    expect('missing' in found && found.missing).to.match(/no Chromium found \(looked for chromium and chromium-browser on PATH\); install Debian's chromium package/);
  });
});
