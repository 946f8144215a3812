// The reference as a candidate: its three modules loaded once, and the hidden load target that lets a fresh process
// load its https from source under tsx.
import { expect } from 'chai';
import { builtinHttps, LOAD_TARGET, resolveHttpsLoadTarget } from '../../runners/https-load-target.js';
import { loadReferenceModules } from '../../runners/reference-modules.js';

describe('reference modules', () => {
  it('hands out the reference module objects, loaded once', async () => {
    const first = await loadReferenceModules();
    const second = await loadReferenceModules();
    expect(first).to.equal(second);
    expect(Object.keys(first)).to.deep.equal(['querystring', 'child_process', 'https']);
    expect(first.querystring).to.include.keys('parse', 'stringify', 'escape', 'unescape');
    expect(first.child_process).to.include.keys('exec', 'execFile', 'fork', 'spawn');
    expect(first.https).to.include.keys('Agent', 'globalAgent', 'Server', 'createServer', 'get', 'request');
  });

  it("declares how to load the reference's https module in a fresh process: from source, the .ts file under tsx", async () => {
    const { https } = await loadReferenceModules();
    const target = resolveHttpsLoadTarget(https, undefined, await builtinHttps());
    expect(target?.specifier).to.equal(new URL('../../reference/https.ts', import.meta.url).href);
    expect(target?.requireSpecifier).to.equal(undefined);
    expect(target?.execArgv[0]).to.equal('--import');
    expect(target?.execArgv[1]).to.match(/tsx/);
    expect(target?.builtin).to.equal(false);
  });

  it('keeps the load target off copies of the module object (non-enumerable)', async () => {
    const { https } = await loadReferenceModules();
    expect(Object.getOwnPropertyDescriptor(https, LOAD_TARGET)?.enumerable).to.equal(false);
    expect(resolveHttpsLoadTarget({ ...(https as object) }, undefined, await builtinHttps())).to.equal(undefined);
  });
});
