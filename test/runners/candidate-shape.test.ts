// The one set of shape checks both agents' loaders use (runners/candidate-shape.ts): a declaration of the wrong shape
// is refused with the same words wherever it is loaded, a module lacking exports never is, and an npm package is
// judged as the module its spec names, its name is, or its exports tell.
import { expect } from 'chai';
import { CandidateShapeError, checkAdapterExport, checkDeclared, packageCandidate, packageModule } from '../../runners/candidate-shape.js';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(CandidateShapeError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('candidate shape checks (runners/candidate-shape.ts)', () => {
  it('refuses an adapter export of the wrong shape, a function as the default export included', () => {
    expect(refusal(() => checkAdapterExport(() => undefined))).to.equal('the default export must be { name, version?, modules }, got function');
    expect(refusal(() => checkAdapterExport({ modules: {} }))).to.equal('"name" must be a non-empty string');
    expect(refusal(() => checkAdapterExport({ name: 'n', modules: { childProcess: {} } }))).to.match(/^"modules" has unknown key\(s\) "childProcess"/);
    expect(refusal(() => checkAdapterExport({ name: 'n', modules: { https: null } }))).to.equal('modules.https must be an object, got null');
    expect(refusal(() => checkAdapterExport({ name: 'n', modules: {} }))).to.match(/provides none of querystring, child_process, https/);
  });

  it('accepts modules lacking exports, or with none at all: their cases judge them', () => {
    const spawnSync = (): undefined => undefined;
    expect(checkAdapterExport({ name: 'n', modules: { child_process: { spawnSync }, https: {} } }).modules).to.deep.equal({ child_process: { spawnSync }, https: {} });
  });

  it('checks declared: known fields only, of the right type, relative load targets resolved only against an adapter URL', () => {
    expect(refusal(() => checkDeclared({ ipcChanelVariable: 'X' }))).to.match(/^"declared" has unknown field\(s\) "ipcChanelVariable"/);
    expect(refusal(() => checkDeclared({ ipcChannelVariable: 'NOT VALID' }))).to.match(/environment variable name/);
    expect(refusal(() => checkDeclared({ httpsLoadTarget: { specifier: 'bare-name' } }))).to.match(/must be a URL \(file:, node:\) or a path relative to the adapter/);
    expect(checkDeclared({ httpsLoadTarget: { specifier: './lib/https.mjs' } }, { adapterUrl: 'file:///project/adapter.mjs' })).to.deep.equal({ httpsLoadTarget: { specifier: 'file:///project/lib/https.mjs' } });
    // The page agent has no file for the adapter: it keeps the relative specifier as written (it never loads https).
    expect(checkDeclared({ httpsLoadTarget: { specifier: './lib/https.mjs' } })).to.deep.equal({ httpsLoadTarget: { specifier: './lib/https.mjs' } });
  });

  it('tells an npm package\'s module from its spec, its name, or the exports it has most of', () => {
    const nameIt = 'npm:x=<querystring|child_process|https>';
    expect(packageModule({ parse() {} }, 'x', 'https', nameIt)).to.equal('https');
    expect(packageModule({}, 'child_process', undefined, nameIt)).to.equal('child_process');
    expect(packageModule({ spawnSync() {} }, 'only-sync', undefined, nameIt)).to.equal('child_process');
    expect(packageModule({ request() {}, get() {}, escape() {} }, 'mixed', undefined, nameIt)).to.equal('https');
    expect(refusal(() => packageModule({ hello() {} }, 'x', undefined, nameIt))).to.equal(`cannot tell which module it implements (it exports none of the interface's functions); name it as ${nameIt}`);
    expect(refusal(() => packageModule({ request() {}, escape() {} }, 'x', undefined, nameIt))).to.match(/as many of querystring's as of https's/);
    expect(refusal(() => packageModule({}, 'x', 'fs', nameIt))).to.match(/"fs" is not a module of the interface/);
    // CommonJS arrives as { default: module.exports }.
    const exported = { parse() {}, stringify() {} };
    expect(packageCandidate({ default: exported }, 'qs-like', undefined, nameIt)).to.deep.equal({ querystring: exported });
  });
});
