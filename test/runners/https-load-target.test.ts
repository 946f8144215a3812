// Where the no-crypto cases load a candidate's https module from, as the runner resolves it: what the candidate
// declares, in its adapter or on its module object, and otherwise the runtime's builtin.
import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinHttps, LOAD_TARGET, resolveHttpsLoadTarget } from '../../runners/https-load-target.js';
import { loadAdapter } from '../../runners/load-adapter.js';
import { resolveCandidate } from '../../runners/resolve-candidate.js';
import { collect } from './agent-helpers.js';

describe('https load target', () => {
  it("takes the adapter's declaration first, then the module object's, then recognises the builtin", async () => {
    const builtin = await builtinHttps();
    const module = { [LOAD_TARGET]: { specifier: 'file:///on/the/module.mjs', execArgv: ['--x'] } };
    expect(resolveHttpsLoadTarget(module, { specifier: 'file:///declared.mjs', requireSpecifier: 'file:///declared.cjs' }, builtin)).to.deep.equal({
      specifier: 'file:///declared.mjs',
      requireSpecifier: 'file:///declared.cjs',
      execArgv: [],
      builtin: false,
    });
    expect(resolveHttpsLoadTarget(module, undefined, builtin)).to.deep.equal({ specifier: 'file:///on/the/module.mjs', requireSpecifier: undefined, execArgv: ['--x'], builtin: false });
    expect(resolveHttpsLoadTarget((await import('node:https')).default, undefined, builtin)).to.deep.equal({ specifier: 'node:https', execArgv: [], builtin: true });
    expect(resolveHttpsLoadTarget({}, undefined, builtin)).to.equal(undefined);
    expect(resolveHttpsLoadTarget(undefined, undefined, builtin), 'no https module, no target').to.equal(undefined);
  });

  it('takes a module whose accessor throws for one that declares nothing', () => {
    const hostile = Object.defineProperty({}, LOAD_TARGET, {
      get() {
        throw new Error('no');
      },
    });
    expect(resolveHttpsLoadTarget(hostile, undefined, undefined)).to.equal(undefined);
  });

  it("hands the cases in an agent the target resolved there: the host's builtin, recognised in the agent's runtime", async function () {
    this.timeout(30000);
    const [result] = await collect(await resolveCandidate('host'), [{ id: 'https.load.no-crypto-require-throws-catchably', module: 'https', rules: [] }]);
    // With crypto present, a build without it cannot be simulated for a runtime's own module: the case says so.
    expect(result?.status, result?.message).to.equal('na');
    expect(result?.message).to.contain('node:https is its builtin');
  });

  describe("an adapter's declared.httpsLoadTarget", () => {
    let dir: string;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'rtconf-load-target-'));
    });
    after(() => rm(dir, { recursive: true, force: true }));

    async function adapter(name: string, declared: unknown): Promise<string> {
      const file = join(dir, `${name}.mjs`);
      const https = "{ request() {}, get() {}, createServer() {}, Agent: class {}, Server: class {}, globalAgent: {} }";
      await writeFile(file, `export default { name: ${JSON.stringify(name)}, modules: { https: ${https} }, declared: ${JSON.stringify(declared)} };\n`);
      return file;
    }

    it('resolves paths relative to the adapter and keeps URLs as they are', async () => {
      const file = await adapter('relative', { httpsLoadTarget: { specifier: './lib/https.mjs', requireSpecifier: 'file:///elsewhere/https.cjs', execArgv: ['--no-warnings'] } });
      expect((await loadAdapter(file)).declared?.httpsLoadTarget).to.deep.equal({
        specifier: pathToFileURL(join(dir, 'lib/https.mjs')).href,
        requireSpecifier: 'file:///elsewhere/https.cjs',
        execArgv: ['--no-warnings'],
      });
    });

    it('refuses a bare package name, a missing specifier and execArgv that are not strings, naming the field', async () => {
      for (const [name, declared, field] of [
        ['bare', { httpsLoadTarget: { specifier: 'my-https' } }, 'declared.httpsLoadTarget.specifier'],
        ['missing', { httpsLoadTarget: {} }, 'declared.httpsLoadTarget.specifier'],
        ['argv', { httpsLoadTarget: { specifier: 'node:https', execArgv: [1] } }, 'declared.httpsLoadTarget.execArgv'],
      ] as const) {
        const error = await loadAdapter(await adapter(name, declared)).then(() => undefined, (thrown: unknown) => thrown);
        expect((error as Error | undefined)?.message, name).to.contain(field);
      }
    });
  });
});
