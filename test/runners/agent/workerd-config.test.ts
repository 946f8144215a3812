// The config a Worker agent's workerd process starts from: the Worker on 127.0.0.1 only, its way out limited to
// 127.0.0.1 and trusting the run's CA, its date and flags, the per-agent token, and every text escaped for Cap'n Proto.
import { expect } from 'chai';
import { workerdConfig } from '../../../runners/agent/workerd-config.js';
import { builtinTableSource } from '../../../runners/agent/builtin-table.js';

describe('workerd config', () => {
  const launch = { executable: '/x/workerd', version: '1.20261117.1', compatibilityDate: '2025-08-14', compatibilityFlags: ['nodejs_compat'] };
  const pem = '-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----\n';
  const config = workerdConfig(launch, { main: '../cache/main.mjs', agent: '../cache/agent.mjs', cases: [{ name: '/t/cases.mjs', file: '../t/cases.mjs' }] }, 'abc123', [pem]);

  it('serves the Worker on 127.0.0.1 at a port the system picks, and lets it reach 127.0.0.1 only, trusting the CA given', () => {
    expect(config).to.contain('address = "127.0.0.1:0"');
    expect(config).to.contain('network = (allow = ["127.0.0.1/32"], tlsOptions = (trustedCertificates = ["-----BEGIN CERTIFICATE-----\\nAAA\\n-----END CERTIFICATE-----\\n"]))');
    expect(config).to.contain('globalOutbound = "loopback"');
    expect(config).to.not.contain('"public"');
  });

  it('gives the Worker its date, flags, token and release, and its modules (extra case modules named by their path)', () => {
    expect(config).to.contain('compatibilityDate = "2025-08-14"');
    expect(config).to.contain('compatibilityFlags = ["nodejs_compat"]');
    expect(config).to.contain('(name = "RTCONF_TOKEN", text = "abc123")');
    expect(config).to.contain('(name = "RTCONF_WORKERD_VERSION", text = "1.20261117.1")');
    expect(config).to.contain('(name = "main.mjs", esModule = embed "../cache/main.mjs")');
    expect(config).to.contain('(name = "/t/cases.mjs", esModule = embed "../t/cases.mjs")');
  });

  it('escapes quotes, backslashes and control characters in every text', () => {
    const hostile = workerdConfig({ ...launch, version: 'a"b\\c\u0001' }, { main: 'm', agent: 'a' }, 't', []);
    expect(hostile).to.contain('text = "a\\"b\\\\c\\x01"');
  });

  it("fills the agent's table of Node's modules before loading the agent, keeping the runtime's error for a missing one", () => {
    const source = builtinTableSource({ builtins: ['fs', 'path'], tableKey: 'rt-conformance.workerBuiltins', agent: './agent.mjs', generator: 'runners/agent/build-worker-agent.ts' });
    expect(source).to.contain('["fs","path"]');
    expect(source.indexOf('Symbol.for(')).to.be.below(source.indexOf("await import('./agent.mjs')"));
    expect(source).to.contain('export default agent.default;');
  });
});
