// Certifying against an interface version: which rules the interface as of a release holds (since, module
// introduction, backports), the na reason, and the Versioning table as data against the spec text.
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rules } from '../../spec/index.js';
import { MODULE_INTRODUCED, RECORDED_CHANGES } from '../../spec/versioning.js';
import { allCases } from '../../conformance/registry.js';
import { parseInterfaceVersion, splitByInterface } from '../../results/interface-version.js';

const SPEC_PATH = process.env['RTCONF_SPEC_MD'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../spec/rt-library-interface.md');

type Rule = { readonly id?: string; readonly module: 'querystring' | 'child_process' | 'https'; readonly since?: string };

/** Why a case citing `cited` is na at interface `version`, as splitByInterface says it; undefined: it applies. */
function naReason(cited: readonly Rule[], version: string): string | undefined {
  const rules = cited.map((rule, index) => ({ ...rule, id: rule.id ?? `${rule.module}.rule-${index}` }));
  const meta = { id: 'the-case', module: rules[0]?.module ?? 'https', rules: rules.map((rule) => rule.id) };
  const { applicable, outside } = splitByInterface([meta], rules, version);
  expect(applicable.length + outside.length).to.equal(1);
  return outside[0]?.message;
}

/** Whether the interface as of `version` holds `rule`. */
function inInterface(rule: Rule, version: string): boolean {
  return naReason([rule], version) === undefined;
}

describe('interface versions (--interface)', () => {
  it('reads v18.0.0, 18.0.0, v18.4 and v18 as full versions, and refuses anything else with ERR_RTCONF_INTERFACE', () => {
    expect(parseInterfaceVersion('v18.0.0')).to.equal('v18.0.0');
    expect(parseInterfaceVersion('18.0.0')).to.equal('v18.0.0');
    expect(parseInterfaceVersion('v18.4')).to.equal('v18.4.0');
    expect(parseInterfaceVersion('v18')).to.equal('v18.0.0');
    for (const bad of ['', 'latest', '>=18', 'v18.x', 'v18.0.0-rc.1', 'node@18']) {
      expect(() => parseInterfaceVersion(bad), bad).to.throw(/--interface must be a release such as v18\.0\.0/).with.property('code', 'ERR_RTCONF_INTERFACE');
    }
    expect(() => parseInterfaceVersion('v0.1.0')).to.throw(/predates the interface/);
  });

  it('dates a rule without since to its module’s introduction, so it belongs to every version', () => {
    expect(naReason([{ id: 'querystring.x', module: 'querystring' }], 'v0.1.24')).to.equal('introduced in v0.1.25 (querystring.x), after the certified interface v0.1.24');
    expect(naReason([{ id: 'https.x', module: 'https' }], 'v0.9.0')).to.equal('introduced in v0.10.0 (https.x), after the certified interface v0.9.0');
    expect(naReason([{ id: 'child_process.x', module: 'child_process', since: 'v15.4.0' }], 'v15.3.0')).to.match(/^introduced in v15\.4\.0 /);
    expect(inInterface({ module: 'child_process' }, 'v0.10.0')).to.equal(true);
    // Before rt:https and rt:child_process existed, only querystring rules apply.
    expect(inInterface({ module: 'https' }, 'v0.8.0')).to.equal(false);
    expect(inInterface({ module: 'querystring' }, 'v0.8.0')).to.equal(true);
  });

  it('holds a rule from its since on, and a backported change on the backport’s release line', () => {
    const keepAlive = { module: 'https', since: 'v19.0.0' } as const;
    expect(inInterface(keepAlive, 'v18.0.0')).to.equal(false);
    expect(inInterface(keepAlive, 'v18.99.99')).to.equal(false);
    expect(inInterface(keepAlive, 'v19.0.0')).to.equal(true);
    expect(inInterface(keepAlive, 'v24.0.0')).to.equal(true);
    // "v16.7.0 / v14.18.0": in v14.18 and later 14.x, not in v15 before v16.7.0.
    const credentials = { module: 'https', since: 'v16.7.0' } as const;
    expect(inInterface(credentials, 'v14.17.0')).to.equal(false);
    expect(inInterface(credentials, 'v14.18.0')).to.equal(true);
    expect(inInterface(credentials, 'v15.0.0')).to.equal(false);
    expect(inInterface(credentials, 'v16.7.0')).to.equal(true);
  });

  it('gives the na reason with each later release and the rules introduced in it', () => {
    const cited = [
      { id: 'child_process.fork.kill-signal-default', module: 'child_process' },
      { id: 'child_process.spawn.signal-aborts', module: 'child_process', since: 'v15.4.0' },
      { id: 'child_process.spawn.kill-signal-on-abort', module: 'child_process', since: 'v15.11.0' },
    ] as const;
    expect(naReason(cited, 'v16.0.0')).to.equal(undefined);
    expect(naReason(cited, 'v15.4.0')).to.equal(
      'introduced in v15.11.0 (child_process.spawn.kill-signal-on-abort), after the certified interface v15.4.0',
    );
    expect(naReason(cited, 'v14.0.0')).to.equal(
      'introduced in v15.4.0 (child_process.spawn.signal-aborts) and v15.11.0 (child_process.spawn.kill-signal-on-abort), after the certified interface v14.0.0',
    );
  });

  it('makes a case na when any rule it cites is later, and keeps the others, in order', () => {
    const { applicable, outside } = splitByInterface(allCases, rules, 'v18.0.0');
    expect(applicable.length + outside.length).to.equal(allCases.length);
    const na = new Map(outside.map((result) => [result.case, result]));
    expect(na.get('https.global-agent.keeps-connection-alive')?.message).to.equal(
      'introduced in v19.0.0 (https.global-agent.keep-alive), after the certified interface v18.0.0',
    );
    expect(na.get('https.global-agent.keeps-connection-alive')?.status).to.equal('na');
    expect(na.has('https.server.async-dispose-calls-close')).to.equal(true);
    expect(na.has('https.server.request-timeout-default-300000')).to.equal(false);
    // One later rule among several older ones is enough: the case needs the later behaviour.
    expect(splitByInterface(allCases, rules, 'v15.12.0').outside.map((result) => result.case)).to.include('child_process.fork.timeout-sigterm-by-default');
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    for (const item of applicable) {
      for (const id of item.rules) {
        const rule = byId.get(id);
        if (rule) expect(inInterface(rule, 'v18.0.0'), `${item.id} cites ${id}`).to.equal(true);
      }
    }
    expect(splitByInterface(allCases, rules, undefined)).to.deep.equal({ applicable: [...allCases], outside: [] });
  });

  it('finds every rule’s since in the Versioning table (or as its module’s introduction)', () => {
    for (const rule of rules) {
      if (rule.since === undefined) continue;
      const recorded = RECORDED_CHANGES.some((change) => change.module === rule.module && change.release === rule.since);
      expect(recorded || MODULE_INTRODUCED[rule.module] === rule.since, `${rule.id} since ${rule.since}`).to.equal(true);
    }
  });

  it('records the spec’s Versioning section as it reads', function () {
    if (!existsSync(SPEC_PATH)) this.skip();
    const text = readFileSync(SPEC_PATH, 'utf8');
    const section = text.slice(text.indexOf('## Versioning'));
    expect(section).to.contain(
      `Introduced: \`rt:https\` at ${MODULE_INTRODUCED.https}, \`rt:querystring\` at ${MODULE_INTRODUCED.querystring}, \`rt:child_process\` at ${MODULE_INTRODUCED.child_process}.`,
    );
    // Every release a row of the table names (its backports, and "no longer experimental from v24.2.0" too), with the
    // module its prefix names (none: https).
    const named: string[] = [];
    for (const line of section.split('\n')) {
      const cell = /^\| ((?:querystring |child process )?v\d)/.exec(line)?.[1];
      if (!cell) continue;
      const module = cell.startsWith('querystring') ? 'querystring' : cell.startsWith('child process') ? 'child_process' : 'https';
      named.push(...(line.match(/v\d+\.\d+\.\d+/g) ?? []).map((release) => `${module} ${release}`));
    }
    const recorded = RECORDED_CHANGES.flatMap((change) => [change.release, ...(change.backports ?? [])].map((release) => `${change.module} ${release}`));
    expect([...recorded].sort()).to.deep.equal([...named].sort());
  });
});
