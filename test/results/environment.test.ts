// The run environment in results.json (OS, arch, CPUs, Node, command line, suite version): valid per the schema,
// optional for files written before it, and carried into the HTML report's data.
import { expect } from 'chai';
import { arch } from 'node:os';
import { runEnvironment } from '../../results/environment.js';
import { validateResults } from '../../results/read-results.js';
import { toolInfo } from '../../io/tool-info.js';
import { buildReportData } from '../../reports/report-data.js';
import { buildSampleResults } from '../reports/sample-results.js';

describe('the run environment in results.json', () => {
  it('records OS and release, arch, CPU count, harness Node, the command line as given and the suite version', () => {
    const environment = runEnvironment(['run', '--candidate', 'host', '--out', 'a b']);
    expect(environment.os).to.match(new RegExp(`^${process.platform} \\S`));
    expect(environment.arch).to.equal(arch());
    expect(environment.cpus).to.be.a('number').and.be.at.least(1);
    expect(environment.node).to.equal(process.version);
    expect(environment.commandLine).to.deep.equal(['run', '--candidate', 'host', '--out', 'a b']);
    expect(environment.suiteVersion).to.equal(toolInfo().version);
  });

  it('is valid per the published schema, and optional: a file without it (written before) stays valid', async () => {
    const sample = buildSampleResults({ candidates: 1, cases: 6 });
    const { rules, runs, ...head } = sample;
    const withEnvironment = { ...head, environment: runEnvironment(['run']), rules, runs };
    await validateResults(JSON.parse(JSON.stringify(withEnvironment)) as unknown);
    await validateResults(JSON.parse(JSON.stringify(sample)) as unknown);
    const broken = { ...withEnvironment, environment: { ...withEnvironment.environment, cpus: 'two' } };
    const error = await validateResults(JSON.parse(JSON.stringify(broken)) as unknown).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).to.contain('/environment/cpus');
  });

  it('reaches the HTML report data', () => {
    const sample = buildSampleResults({ candidates: 1, cases: 6 });
    const environment = runEnvironment(['run', '--seed', '1']);
    expect(buildReportData({ ...sample, environment }).environment).to.deep.equal(environment);
    expect(buildReportData(sample)).not.to.have.property('environment');
  });
});
