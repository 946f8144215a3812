// A stored agent bundle is taken again only while everything it was built from is as it was: each way an input can
// change (its content, a missing import that now exists, another esbuild or option set, the bundle gone) means a build.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordBundleInputs, unchangedBundle } from '../../../runners/agent/bundle-inputs.js';

describe('bundle inputs (runners/agent/bundle-inputs.ts)', () => {
  let dir: string;
  let record: string;
  let bundle: { file: string; hash: string };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-bundle-inputs-'));
    record = join(dir, 'inputs.json');
    await writeFile(join(dir, 'main.ts'), 'export const a = 1;\n');
    await writeFile(join(dir, 'dep.ts'), 'export const b = 2;\n');
    bundle = { file: join(dir, 'agent-abc.mjs'), hash: 'abc' };
    await writeFile(bundle.file, 'bundled');
    // As esbuild names them: relative to its working folder, and a plugin's stand-in in a namespace of its own.
    await recordBundleInputs(record, 'key-1', ['main.ts', 'dep.ts', `missing:${join(dir, 'later.js')}`], dir, [join(dir, 'later.js')], bundle);
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('gives the stored bundle back while no input changed', () => {
    expect(unchangedBundle(record, 'key-1')).to.deep.equal({ ...bundle, missing: [join(dir, 'later.js')] });
  });

  it('builds again when an input changed, even to a file of the same size', async () => {
    await writeFile(join(dir, 'dep.ts'), 'export const b = 3;\n');
    expect(unchangedBundle(record, 'key-1')).to.equal(undefined);
  });

  it('builds again when an input is gone', async () => {
    await rm(join(dir, 'main.ts'));
    expect(unchangedBundle(record, 'key-1')).to.equal(undefined);
  });

  it('builds again when an import that was missing now resolves (as .ts)', async () => {
    await writeFile(join(dir, 'later.ts'), 'export {};\n');
    expect(unchangedBundle(record, 'key-1')).to.equal(undefined);
  });

  it('builds again for another key (esbuild version, options, entry), or when the bundle file is gone', async () => {
    expect(unchangedBundle(record, 'key-2')).to.equal(undefined);
    await rm(bundle.file);
    expect(unchangedBundle(record, 'key-1')).to.equal(undefined);
  });

  it('treats a missing or malformed record as no record', async () => {
    expect(unchangedBundle(join(dir, 'none.json'), 'key-1')).to.equal(undefined);
    await writeFile(record, '{"key":"key-1","inputs":');
    expect(unchangedBundle(record, 'key-1')).to.equal(undefined);
  });
});
