// executeCase, where a case becomes a result: pass, fail with expected and actual, error, timeout, skip and na, with
// cleanups always run, counterexamples and missing exports recorded, per-case seeds, no result when interrupted.
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { CaseFailure, CaseNotApplicable, type CaseDefinition } from '../../conformance/case.js';
import type { CandidateModules, QuerystringModule } from '../../conformance/modules.js';
import { executeCase, type ExecuteOptions } from '../../runners/execute-case.js';
import { createRunFixtures } from '../../runners/fixtures/run-fixtures.js';
import type { Rule } from '../../spec/rule.js';

const fakeQs = { parse: () => ({}), stringify: () => '' } as unknown as QuerystringModule;

const RULES: Record<string, Rule> = {
  'querystring.test.any': { id: 'querystring.test.any', module: 'querystring', section: 'test', title: 'anywhere', level: 'normative' },
  'querystring.test.windows': { id: 'querystring.test.windows', module: 'querystring', section: 'test', title: 'windows only', level: 'normative', platforms: ['win32'] },
};

function options(overrides: Partial<ExecuteOptions> = {}): ExecuteOptions {
  const modules: CandidateModules = { querystring: fakeQs };
  return {
    candidate: { id: 'fake', name: 'fake', kind: 'adapter' },
    modules,
    oracle: modules,
    fixtures: createRunFixtures(),
    runSeed: 7,
    timeoutMs: 1000,
    ruleById: (id) => RULES[id],
    ...overrides,
  };
}

function qsCase(run: CaseDefinition['run'], extra: Partial<CaseDefinition> = {}): CaseDefinition {
  return { id: 'querystring.test.case', module: 'querystring', rules: ['querystring.test.any'], run, ...extra };
}

describe('executeCase', () => {
  it('passes a case that returns normally, without a message', async () => {
    const result = await executeCase(qsCase(() => undefined), options());
    expect(result.status).to.equal('pass');
    expect(result).to.not.have.property('message');
  });

  it('reports a chai assertion as fail with expected and actual', async () => {
    const result = await executeCase(
      qsCase(async () => {
        const { expect: chaiExpect } = await import('chai');
        chaiExpect(1 + 1).to.equal(3);
      }),
      options(),
    );
    expect(result.status).to.equal('fail');
    expect(result.expected).to.equal('3');
    expect(result.actual).to.equal('2');
    // The replay command is derived from results.json where it is shown, not recorded by the runner.
    expect(result).to.not.have.property('replay');
  });

  it('reports a CaseFailure as fail with its details', async () => {
    const result = await executeCase(
      qsCase(() => {
        throw new CaseFailure('wrong prototype', { expected: null, actual: 'Object.prototype' });
      }),
      options(),
    );
    expect(result).to.include({ status: 'fail', message: 'wrong prototype', expected: 'null', actual: '"Object.prototype"' });
  });

  it('reports any other exception as error, naming its class and code', async () => {
    const result = await executeCase(
      qsCase(() => {
        throw Object.assign(new TypeError('bad thing'), { code: 'ERR_BAD' });
      }),
      options(),
    );
    expect(result.status).to.equal('error');
    expect(result.message).to.equal('TypeError [ERR_BAD]: bad thing');
  });

  it('reports a thrown non-Error value as error', async () => {
    const result = await executeCase(
      qsCase(() => {
        throw 42; // eslint-disable-line no-throw-literal
      }),
      options(),
    );
    expect(result.status).to.equal('error');
    expect(result.message).to.match(/non-Error value: 42/);
  });

  it('times out a case that never settles, aborts its signal and still runs its cleanups', async () => {
    let aborted = false;
    let cleaned = false;
    const result = await executeCase(
      qsCase(
        (ctx) => {
          ctx.signal.addEventListener('abort', () => (aborted = true));
          ctx.defer(() => (cleaned = true));
          return new Promise(() => undefined);
        },
        { timeoutMs: 50 },
      ),
      options(),
    );
    expect(result.status).to.equal('timeout');
    expect(result.message).to.match(/50 ms/);
    expect(aborted).to.equal(true);
    expect(cleaned).to.equal(true);
  });

  it('skips a case whose module the candidate does not provide', async () => {
    const result = await executeCase(qsCase(() => undefined), options({ modules: {} }));
    expect(result.status).to.equal('skip');
    expect(result.message).to.match(/does not provide querystring/);
  });

  it('reports na when every cited rule applies only on another platform', async () => {
    const onlyWindows = qsCase(() => undefined, { rules: ['querystring.test.windows'] });
    const result = await executeCase(onlyWindows, options());
    expect(result.status).to.equal(process.platform === 'win32' ? 'pass' : 'na');
  });

  it('removes the temp dir of a case after a failure', async () => {
    let dir = '';
    const result = await executeCase(
      qsCase(async (ctx) => {
        dir = await ctx.tmpDir();
        throw new CaseFailure('boom');
      }),
      options(),
    );
    expect(result.status).to.equal('fail');
    expect(dir).to.not.equal('');
    expect(existsSync(dir)).to.equal(false);
  });

  it('records the seed, path and shrunk counterexample of a failing property', async () => {
    const result = await executeCase(
      qsCase(async (ctx) => {
        await ctx.check(ctx.fc.property(ctx.fc.integer({ min: 0, max: 1000 }), (n) => n < 10));
      }),
      options(),
    );
    expect(result.status).to.equal('fail');
    expect(result.counterexample?.value).to.equal('[10]');
    expect(result.counterexample?.seed).to.be.a('number');
    expect(result.counterexample?.path).to.be.a('string').and.not.equal('');
  });

  it('runs the class examples of a property case first, every class in order, then as many random draws as without them', async () => {
    const draws = async (examples?: CaseDefinition['examples']): Promise<number[]> => {
      const seen: number[] = [];
      const result = await executeCase(
        qsCase(
          async (ctx) => {
            await ctx.check(ctx.fc.property(ctx.fc.integer({ min: 0, max: 1000 }), (n) => void seen.push(n)), { numRuns: 5 });
          },
          examples ? { examples } : {},
        ),
        options(),
      );
      expect(result.status).to.equal('pass');
      return seen;
    };
    const random = await draws();
    const withExamples = await draws({ zero: [[-1]], large: [[5000], [6000]] });
    expect(withExamples, 'the examples, in class order, then the same random draws').to.deep.equal([-1, 5000, 6000, ...random]);
  });

  it('fails a property on a class example whatever the seed', async () => {
    for (const runSeed of [1, 2, 3]) {
      const result = await executeCase(
        qsCase(
          async (ctx) => {
            await ctx.check(ctx.fc.property(ctx.fc.integer({ min: 0, max: 1000 }), (n) => n !== 777));
          },
          { examples: { lucky: [[777]] } },
        ),
        options({ runSeed }),
      );
      expect(result.status, `run seed ${runSeed}`).to.equal('fail');
      expect(result.counterexample?.value, `run seed ${runSeed}`).to.equal('[777]');
    }
  });

  it('records the exports a case found missing or not implemented, also from inside a failing property', async () => {
    const missing = await executeCase(
      qsCase(() => {
        throw new CaseFailure('not implemented: querystring.escape', { unimplemented: [{ api: 'querystring.escape', observed: 'missing' }] });
      }),
      options(),
    );
    expect(missing.unimplemented).to.deep.equal([{ api: 'querystring.escape', observed: 'missing' }]);
    const inProperty = await executeCase(
      qsCase(async (ctx) => {
        await ctx.check(
          ctx.fc.property(ctx.fc.integer(), () => {
            throw new CaseFailure('querystring.parse threw Error: not implemented', { unimplemented: [{ api: 'querystring.parse', observed: 'throws-not-implemented' }] });
          }),
        );
      }),
      options(),
    );
    expect(inProperty.unimplemented).to.deep.equal([{ api: 'querystring.parse', observed: 'throws-not-implemented' }]);
    const plain = await executeCase(qsCase(() => { throw new CaseFailure('wrong'); }), options());
    expect(plain).to.not.have.property('unimplemented');
  });

  it('derives the same case seed for the same run seed and case, and another for another run seed', async () => {
    const seeds: number[] = [];
    const capture = qsCase((ctx) => {
      seeds.push(ctx.seed);
    });
    await executeCase(capture, options({ runSeed: 1 }));
    await executeCase(capture, options({ runSeed: 1 }));
    await executeCase(capture, options({ runSeed: 2 }));
    expect(seeds[0]).to.equal(seeds[1]);
    expect(seeds[0]).to.not.equal(seeds[2]);
  });

  it('turns a failing cleanup of a passing case into an error', async () => {
    const result = await executeCase(
      qsCase((ctx) => {
        ctx.defer(() => {
          throw new Error('could not close');
        });
      }),
      options(),
    );
    expect(result.status).to.equal('error');
    expect(result.message).to.match(/cleanup failed: Error: could not close/);
  });

  it('bounds the size of a huge failure message', async () => {
    const result = await executeCase(
      qsCase(() => {
        throw new CaseFailure('x'.repeat(1_000_000));
      }),
      options(),
    );
    expect(result.message?.length).to.be.below(5000);
  });
});

describe('executeCase: cases that cannot observe their behaviour', () => {
  it('reports CaseNotApplicable as na with its reason, never as pass', async () => {
    const result = await executeCase(
      qsCase(() => {
        throw new CaseNotApplicable('cannot simulate a build without crypto for builtins');
      }),
      options(),
    );
    expect(result.status).to.equal('na');
    expect(result.message).to.equal('cannot simulate a build without crypto for builtins');
  });
});

describe('executeCase: an interrupted run (Ctrl-C)', () => {
  it('gives a case interrupted in flight no result at all, not a timeout, and still runs its cleanups', async () => {
    const controller = new AbortController();
    let cleaned = false;
    setTimeout(() => controller.abort(new Error('interrupted')), 50);
    const started = performance.now();
    const result = await executeCase(
      qsCase(async (ctx) => {
        ctx.defer(() => (cleaned = true));
        await new Promise(() => undefined);
      }),
      { ...options({ timeoutMs: 30_000 }), signal: controller.signal },
    );
    expect(result).to.equal(undefined);
    expect(cleaned).to.equal(true);
    expect(performance.now() - started).to.be.below(5000);
  });

  it('runs nothing and gives no result when the run was interrupted before the case began', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    const result = await executeCase(
      qsCase(() => {
        ran = true;
      }),
      { ...options(), signal: controller.signal },
    );
    expect(result).to.equal(undefined);
    expect(ran).to.equal(false);
  });
});
