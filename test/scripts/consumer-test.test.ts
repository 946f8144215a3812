// The consumer test's readers (scripts/consumer-test.mjs, run by .ci/run, not here: it packs, installs from the
// registry and runs for minutes): npm's install-script advisory is read for the packages it names, and junit.xml for
// the failures its testsuites count, so that a script of ours to review or a failure in CI's eyes is seen.
import { expect } from 'chai';
import { junitCounts, unreviewedScripts } from '../../scripts/consumer-test.mjs';

describe('the consumer test’s readers', () => {
  it('reads the packages npm lists as having install scripts not yet reviewed', () => {
    const output = [
      'added 22 packages in 7s',
      'npm warn install-scripts 2 packages have install scripts not yet covered by allowScripts:',
      'npm warn install-scripts   rt-conformance@0.1.0 (prepare: npm run build)',
      'npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)',
      'npm warn install-scripts',
      'npm warn install-scripts Run `npm install-scripts ls` to review, or `npm install-scripts approve <pkg>` to allow.',
    ].join('\n');
    expect(unreviewedScripts(output)).to.deep.equal(['rt-conformance@0.1.0 (prepare: npm run build)', 'esbuild@0.28.2 (postinstall: node install.js)']);
    expect(unreviewedScripts('added 22 packages in 7s\n')).to.deep.equal([]);
  });

  it('adds up the failures, errors and skips of every testsuite of a junit.xml', () => {
    const xml = [
      '<?xml version="1.0"?>',
      '<testsuites name="rtconf" tests="5" failures="1">',
      '<testsuite name="a querystring" tests="3" failures="1" errors="0" skipped="1"><testcase name="x"/></testsuite>',
      '<testsuite name="b https" tests="2" failures="0" errors="1" skipped="0"></testsuite>',
      '</testsuites>',
    ].join('\n');
    expect(junitCounts(xml)).to.deep.equal({ tests: 5, failures: 1, errors: 1, skipped: 1 });
  });
});
