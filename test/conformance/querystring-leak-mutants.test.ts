// Leak mutants of querystring (issue 26): each differs from the reference in one thing a case could pin beyond its
// rules (the order of pairs or keys, a result's prototype) and, run against every case, must fail exactly the cases of
// the rule it breaks, or none. Every case runs against each, so this is in `npm run test:mutants`, not `npm test`.
import { expect } from 'chai';
import { cases } from '../../conformance/querystring/index.js';
import type { QuerystringModule } from '../../conformance/modules.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { mutant, run } from './querystring-mutant-kit.js';

/**
 * A mutant that differs from the reference in one thing a case could pin beyond its rules (issue 26): run against
 * every case, it must fail exactly `fails` — the cases of the rule it breaks, or none when it breaks no rule — so a
 * case that compares more than its rule speaks of shows up here as an extra failure.
 */
interface LeakMutant {
  readonly name: string;
  readonly module: QuerystringModule;
  /** Every case the mutant must fail, and no other. */
  readonly fails: readonly string[];
}

/** stringify's output with its pairs rearranged by `order` (sep as given, '&' by default). */
function rearranged(output: unknown, sep: unknown, order: (pairs: string[]) => string[]): unknown {
  if (typeof output !== 'string' || output === '') return output;
  const separator = typeof sep === 'string' && sep !== '' ? sep : '&';
  return order(output.split(separator)).join(separator);
}

/** A parse result rebuilt without a prototype, its keys listed in reverse order (a key named __proto__ stays a key). */
function reversedKeys(result: unknown): unknown {
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(result as object).reverse()) Object.defineProperty(out, key, { value: (result as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
  return out;
}

/** The cases of the null-prototype rule: the only ones a result that inherits Object.prototype may fail. */
const NULL_PROTOTYPE_CASES = ['querystring.parse.result-lacks-object-prototype', 'querystring.parse.object-member-names-are-own-keys', 'querystring.parse.any-key-is-an-own-key'];

const LEAK_MUTANTS: readonly LeakMutant[] = [
  {
    name: 'stringify writes its pairs sorted',
    module: mutant((base) => ({ stringify: (obj, sep, eq, options) => rearranged(base.stringify(obj, sep, eq, options), sep, (pairs) => [...pairs].sort()) })),
    fails: ['querystring.stringify.writes-pairs-in-property-order'],
  },
  {
    name: 'stringify writes its pairs in reverse order',
    module: mutant((base) => ({ stringify: (obj, sep, eq, options) => rearranged(base.stringify(obj, sep, eq, options), sep, (pairs) => [...pairs].reverse()) })),
    fails: ['querystring.stringify.writes-pairs-in-property-order'],
  },
  {
    name: 'parse lists the keys of its result in reverse order (no rule orders them)',
    module: mutant((base) => ({ parse: (...args) => reversedKeys(base.parse(...args)) })),
    fails: [],
  },
  {
    name: 'parse returns a result that inherits Object.prototype, its own keys kept',
    module: mutant((base) => ({ parse: (...args) => Object.setPrototypeOf(base.parse(...args) as object, Object.prototype) as unknown })),
    fails: NULL_PROTOTYPE_CASES,
  },
  {
    name: 'parse copies its result into an ordinary object by assignment (a key named __proto__ is lost)',
    module: mutant((base) => ({
      parse: (...args) => {
        const result = base.parse(...args) as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(result)) out[key] = result[key];
        return out;
      },
    })),
    fails: NULL_PROTOTYPE_CASES,
  },
];

describe('querystring cases charge only their own rule', function () {
  // Each mutant runs every case: minutes on a loaded machine.
  this.timeout(600_000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  for (const leak of LEAK_MUTANTS) {
    it(`fail exactly the cases of the rule the mutant "${leak.name}" breaks`, async () => {
      const failed: string[] = [];
      for (const definition of cases) {
        const result = await run(definition, leak.module, fixtures, 'adapter');
        if (result.status !== 'pass') failed.push(definition.id);
      }
      expect(failed, 'the cases that did not pass').to.have.members([...leak.fails]);
    });
  }
});
