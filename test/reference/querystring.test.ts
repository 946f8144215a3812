// The reference rt:querystring: worked examples of every behaviour issue 4 lists, differential properties against
// the host's node:querystring (the de-facto behaviour wherever the spec is silent), and linear-time checks.
import { expect } from 'chai';
import * as fc from 'fast-check';
import host from 'node:querystring';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import reference, * as named from '../../reference/querystring.js';

type Outcome =
  | { readonly kind: 'value'; readonly inheritsNothing: boolean | 'n/a'; readonly json: string }
  | { readonly kind: 'throw'; readonly name: string; readonly code: unknown; readonly message: string };

/** Everything observable about a call, in a form two implementations can be compared by. */
/** No property anywhere on the prototype chain, and no `Object.prototype` in it: the spec's "without base-object prototype". */
function inheritsNothing(value: object): boolean {
  for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    if (proto === Object.prototype || Reflect.ownKeys(proto).length > 0) return false;
  }
  return true;
}

function outcome(run: () => unknown): Outcome {
  try {
    const value = run();
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
    return {
      kind: 'value',
      inheritsNothing: isObject ? inheritsNothing(value) : 'n/a',
      json: JSON.stringify(value instanceof Uint8Array ? [...value] : value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
    };
  } catch (error) {
    const e = error as { name?: unknown; code?: unknown; message?: unknown };
    return { kind: 'throw', name: String(e.name), code: e.code, message: String(e.message) };
  }
}

/** Asserts both implementations behave alike and returns the shared outcome. */
function same(run: (qs: typeof host) => unknown): Outcome {
  const expected = outcome(() => run(host));
  const actual = outcome(() => run(reference as unknown as typeof host));
  expect(actual).to.deep.equal(expected);
  return actual;
}

/** Property-run settings: fixed seed so a failure replays; enough runs to explore without slowing `npm test`. */
const RUNS = { seed: 20241123, numRuns: 1500 } as const;

// Pieces chosen to hit every branch of the parser: separators, `+`, good and bad escapes, non-Latin-1 text (the safe
// decoder keeps only low bytes), lone surrogates, keys that are Object.prototype members.
const piece = fc.constantFrom(
  'a', 'b', 'é', '☃', '\u{1F600}', '\uD800', '\uDC00', '&', '=', ';', ':', '+', '%', '%2', '%20', '%41', '%C3%A9',
  '%E9', '%ED%A0%80', '%F0%9F%98%80', '%zz', '%%', '0', 'F', 'g', ' ', '__proto__', 'constructor', 'toString',
  'hasOwnProperty', '&&', '&=&=',
);
const queryString = fc.oneof(
  { weight: 4, arbitrary: fc.array(piece, { maxLength: 24 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Long runs exercise the parser's look-ahead over long values.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(piece, { maxLength: 6 }), fc.constantFrom('x', 'é', '%41', '+', '&', '='), fc.integer({ min: 20, max: 90 }), fc.array(piece, { maxLength: 6 }))
      .map(([before, run, count, after]) => before.join('') + run.repeat(count) + after.join('')),
  },
);
const delimiter = fc.oneof(
  fc.constantFrom(undefined, null, '', 0, false, '&', ';', '=', ':', '+', '%', 'a', '&&', '==', '=>', ', ', '&amp;', 'ab', 5),
  fc.string({ maxLength: 3 }),
);
const maxKeys = fc.oneof(fc.integer({ min: -3, max: 6 }), fc.constantFrom(NaN, Infinity, -Infinity, 1.5, 0.5, 1000, '2', null, undefined));
const stringifiable = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.double(),
  fc.constantFrom(0, -0, 1e21, -1e21, 1e-7, NaN, Infinity, -Infinity),
  fc.bigInt(),
  fc.boolean(),
  fc.constantFrom(null, undefined, {}, Symbol.iterator, () => 1),
);
const objectToStringify = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 6 }), piece),
  fc.oneof({ weight: 3, arbitrary: stringifiable }, { weight: 1, arbitrary: fc.array(fc.oneof(stringifiable, fc.constant([])), { maxLength: 4 }) }),
);

describe('reference querystring', () => {
  describe('module shape', () => {
    it('exports parse/decode, stringify/encode, escape, unescape and unescapeBuffer, as the host does', () => {
      expect(Object.keys(reference).sort()).to.deep.equal(Object.keys(host).sort());
      expect(reference.decode).to.equal(reference.parse);
      expect(reference.encode).to.equal(reference.stringify);
      expect(named.parse).to.equal(reference.parse);
      expect(named.decode).to.equal(reference.parse);
      expect(named.encode).to.equal(reference.stringify);
    });
  });

  describe('parse', () => {
    it('returns an object that inherits nothing, so __proto__ and constructor are plain keys', () => {
      const result = reference.parse('__proto__=1&constructor=2&toString=3&hasOwnProperty=4');
      expect(inheritsNothing(result)).to.equal(true);
      expect({ ...result }).to.deep.equal({ ['__proto__']: '1', constructor: '2', toString: '3', hasOwnProperty: '4' });
      expect(Object.prototype).not.to.have.property('1');
      same((qs) => qs.parse('__proto__=1&__proto__=2'));
    });

    it('leaves the string paths of pollution gadgets nowhere to go: no __proto__ accessor, no constructor', () => {
      const result = reference.parse('a=1') as Record<string, unknown>;
      expect(result['__proto__']).to.equal(undefined);
      expect(result['constructor']).to.equal(undefined);
      const owned = reference.parse('__proto__=x&constructor=y') as Record<string, unknown>;
      expect([owned['__proto__'], owned['constructor']]).to.deep.equal(['x', 'y']);
      expect(Object.getPrototypeOf(owned)).to.equal(Object.getPrototypeOf(result));
    });

    it('collects the values of a repeated key into an array, in order', () => {
      expect({ ...reference.parse('a=1&b=x&a=2&a=3') }).to.deep.equal({ a: ['1', '2', '3'], b: 'x' });
    });

    it('stops after 1000 pairs by default', () => {
      const input = Array.from({ length: 1500 }, (_, i) => `k${i}=${i}`).join('&');
      const result = reference.parse(input);
      expect(Object.keys(result)).to.have.length(1000);
      expect(result['k999']).to.equal('999');
      expect(result).not.to.have.property('k1000');
    });

    it('reads every pair when maxKeys is 0, and stops after maxKeys pairs otherwise', () => {
      const input = Array.from({ length: 1500 }, (_, i) => `k${i}`).join('&');
      expect(Object.keys(reference.parse(input, null, null, { maxKeys: 0 }))).to.have.length(1500);
      expect(Object.keys(reference.parse(input, null, null, { maxKeys: 2 }))).to.deep.equal(['k0', 'k1']);
    });

    it('treats negative, NaN, infinite and fractional maxKeys as unlimited and ignores non-numbers, like the host', () => {
      const input = 'a&b&c&d&e';
      for (const value of [-1, NaN, Infinity, 1.5, 0.5, -0, '2', null]) {
        const result = same((qs) => qs.parse(input, undefined, undefined, { maxKeys: value as number }));
        expect(result.kind).to.equal('value');
      }
      expect(Object.keys(reference.parse(input, null, null, { maxKeys: 1.5 }))).to.have.length(5);
      expect(Object.keys(reference.parse(input, null, null, { maxKeys: '2' as unknown as number }))).to.have.length(5);
    });

    it('counts empty entries against maxKeys, as the host does', () => {
      same((qs) => qs.parse('&&a=1&b=2', undefined, undefined, { maxKeys: 3 }));
      expect({ ...reference.parse('&&a=1&b=2', null, null, { maxKeys: 3 }) }).to.deep.equal({ a: '1' });
    });

    it('accepts multi-character sep and eq', () => {
      expect({ ...reference.parse('a=>1, b=>2, a=>3', ', ', '=>') }).to.deep.equal({ a: ['1', '3'], b: '2' });
      same((qs) => qs.parse('a==>1&&&b=>2', '&&', '=>'));
    });

    it('uses the defaults for empty sep and eq arguments', () => {
      expect({ ...reference.parse('a=1&b=2', '', '') }).to.deep.equal({ a: '1', b: '2' });
      same((qs) => qs.parse('a=1;b=2', '', ':'));
    });

    it('skips runs of empty entries', () => {
      expect({ ...reference.parse('&&a=1&&&b=2&&') }).to.deep.equal({ a: '1', b: '2' });
      expect({ ...reference.parse('&=&=') }).to.deep.equal({ '': ['', ''] });
      same((qs) => qs.parse('=&=&&=x&'));
    });

    it('reads + as a space and decodes percent-encoded UTF-8', () => {
      expect({ ...reference.parse('q=caf%C3%A9+au+lait&%E2%9C%93=1') }).to.deep.equal({ q: 'café au lait', '✓': '1' });
      expect({ ...reference.parse('a=%2B') }).to.deep.equal({ a: '+' });
    });

    it('never throws on malformed percent-encoding, falling back to the safe decoder', () => {
      for (const input of ['a=%', 'a=%zz', 'a=%E9', 'a=%C3', 'a=é%', '%=%%', 'a=%ED%A0%80', 'x=\uD800%41']) {
        const result = same((qs) => qs.parse(input));
        expect(result.kind, input).to.equal('value');
      }
      expect({ ...reference.parse('a=100%&b=%41%') }).to.deep.equal({ a: '100%', b: 'A%' });
    });

    it('reproduces the host where its encoded-part detection spans key and value', () => {
      // The host's one-pass %XX check goes on scanning the key for the value once the key is known to be encoded,
      // and `+` does not interrupt a value's %XX. Both decide whether a part with a bad escape goes to the safe decoder.
      for (const input of ['%41%42=é%4+1', 'x=é%4+1', 'a%20%20=é%', 'a%20=é%', 'é%41%=é%']) same((qs) => qs.parse(input));
    });

    it('decodes an encoded key seen before exactly as the first time (the decoded-key cache changes no result)', () => {
      const inputs = [
        'user%5Bname%5D=ada&user%5Bname%5D=bob&a%62=1&ab=2',
        'a+b=1&a%20b=2&a+b=3',
        'k%zz=1&k%zz=2&k%E9=3&k%C3%A9=4',
        '%41=1&A=2&%41%=3',
      ];
      // Twice each, and once with a custom decoder in between: the cache serves the default decoder only.
      for (let round = 0; round < 2; round++) {
        for (const input of inputs) {
          same((qs) => qs.parse(input));
          same((qs) => qs.parse(input, undefined, undefined, { decodeURIComponent: (text: string) => `<${text}>` }));
        }
      }
      expect({ ...reference.parse('user%5Bname%5D=ada&user%5Bname%5D=bob') }).to.deep.equal({ 'user[name]': ['ada', 'bob'] });
    });

    it('collects repeated keys whatever their hashes share (the parser skips the lookup only for keys proven new)', () => {
      // `a`/`A` and `b`/`B` share the low five bits of their hash; `x` follows keys that were decoded or had an encoded value.
      const inputs = [
        'a=1&A=2&a=3&b&B&b=4',
        'a=1&A=2&a=3&b&B&b=4&padding=long-enough-for-the-plain-walk',
        'a%62=1&ab=2&ab=3',
        'x=%41&x=2&y+z=3&y%20z=4&y z=5',
        Array.from({ length: 40 }, (_, i) => `k${i % 37}=${i}`).join('&'),
      ];
      for (const input of inputs) for (const sep of [undefined, ';']) same((qs) => qs.parse(sep ? input.replaceAll('&', sep) : input, sep));
      expect({ ...reference.parse('a=1&A=2&a=3') }).to.deep.equal({ a: ['1', '3'], A: '2' });
    });

    it('passes every non-empty part to a custom decodeURIComponent, with + as %20', () => {
      const seen: string[] = [];
      const result = reference.parse('a+b=c&d=&=e', null, null, {
        decodeURIComponent: (text: string) => {
          seen.push(text);
          return text.toUpperCase();
        },
      });
      expect({ ...result }).to.deep.equal({ 'A%20B': 'C', D: '', '': 'E' });
      expect(seen).to.deep.equal(['a%20b', 'c', 'd', 'e']);
    });

    it('retries a throwing custom decoder with unescape, spaces decoded', () => {
      const decodeURIComponent = (): string => {
        throw new Error('no');
      };
      expect({ ...reference.parse('a+b=%41%', null, null, { decodeURIComponent }) }).to.deep.equal({ 'a b': 'A%' });
      same((qs) => qs.parse('a+b=%41%&c', undefined, undefined, { decodeURIComponent }));
    });

    it('returns an empty object for a non-string or empty input', () => {
      for (const input of ['', undefined, null, 42, {}, ['a=1']]) {
        const result = reference.parse(input as string);
        expect(inheritsNothing(result)).to.equal(true);
        expect(Object.keys(result)).to.deep.equal([]);
      }
    });
  });

  describe('stringify', () => {
    it('iterates own enumerable properties only', () => {
      const base = { inherited: 1 };
      const object = Object.create(base, {
        own: { value: 'x', enumerable: true },
        hidden: { value: 'y', enumerable: false },
      }) as Record<string, unknown>;
      expect(reference.stringify(object)).to.equal('own=x');
      same((qs) => qs.stringify(object as never));
    });

    it('writes strings, finite numbers, bigints and booleans, and the empty string for anything else', () => {
      const object = { s: 'x', n: -1.5, big: 12n, t: true, f: false, nan: NaN, inf: Infinity, nul: null, u: undefined, o: {}, fn: () => 1 };
      expect(reference.stringify(object)).to.equal('s=x&n=-1.5&big=12&t=true&f=false&nan=&inf=&nul=&u=&o=&fn=');
      same((qs) => qs.stringify(object as never));
    });

    it('escapes the + of numbers that print in exponent form', () => {
      expect(reference.stringify({ a: 1e21, b: -2e22, c: 1e-7 })).to.equal('a=1e%2B21&b=-2e%2B22&c=1e-7');
    });

    it('repeats the key for each element of an array value and skips empty arrays', () => {
      expect(reference.stringify({ a: [1, 'x y', true], b: [], c: [null, NaN] })).to.equal('a=1&a=x%20y&a=true&c=&c=');
    });

    it('uses sep and eq between pairs and between key and value', () => {
      expect(reference.stringify({ w: 1, h: [2, 3] }, ';', ':')).to.equal('w:1;h:2;h:3');
      same((qs) => qs.stringify({ a: 1, b: 2 }, 5 as never, 7 as never));
    });

    it('percent-encodes UTF-8 and leaves only the unreserved set', () => {
      expect(reference.stringify({ 'k é': "!'()*-._~ 😀/?&=" })).to.equal("k%20%C3%A9=!'()*-._~%20%F0%9F%98%80%2F%3F%26%3D");
    });

    it('calls a custom encodeURIComponent for every key and value, with the value already made text', () => {
      const seen: unknown[] = [];
      const out = reference.stringify({ a: 1n, b: [NaN, 'x'] }, null, null, {
        encodeURIComponent: (text: string) => {
          seen.push(text);
          return `<${text}>`;
        },
      });
      expect(out).to.equal('<a>=<1>&<b>=<>&<b>=<x>');
      expect(seen).to.deep.equal(['a', '1', 'b', '', 'x']);
    });

    it('returns the empty string for anything that is not a non-null object', () => {
      for (const input of [undefined, null, 'a=1', 1, true, () => 1]) expect(reference.stringify(input as never)).to.equal('');
    });
  });

  describe('escape and unescape', () => {
    it('escapes long text (searched natively first) exactly as the host, wherever its first character to escape is', () => {
      const run = 'aZ09!*()-._~'.repeat(8);
      const inputs = [run, ` ${run}`, `${run}&`, `${run.slice(0, 40)}é${run}`, `${run}\u{1F600}`, `${run}\uD800x`, `${run}\uD800`, `${run}%${run}`];
      const original = RegExp.prototype.exec;
      try {
        for (const input of inputs) same((qs) => qs.escape(input));
        // An application's replacement of RegExp.prototype.exec does not reach the encoder.
        RegExp.prototype.exec = () => null;
        for (const input of inputs) same((qs) => qs.escape(input));
      } finally {
        RegExp.prototype.exec = original;
      }
    });

    it('escape throws the host error for a string ending in an unpaired surrogate', () => {
      for (const input of ['\uD800', 'a\uDBFF', 'x\uDC00']) {
        const result = same((qs) => qs.escape(input));
        expect(result).to.include({ kind: 'throw', name: 'URIError', code: 'ERR_INVALID_URI', message: 'URI malformed' });
      }
      let error: unknown;
      try {
        reference.escape('\uD800');
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(URIError);
      expect(String(error)).to.equal('URIError [ERR_INVALID_URI]: URI malformed');
      expect(Object.keys(error as object)).to.deep.equal(['code']);
    });

    it('escape pairs any surrogate with the code unit after it, as the host does', () => {
      for (const input of ['\uD800a', '\uDC00a', '\uD800\uD800', 'a\uDFFFb']) same((qs) => qs.escape(input));
    });

    it('escape converts non-strings like the host', () => {
      for (const input of [null, undefined, 12, true, 10n, {}, [1, 2], { toString: () => 'a b' }]) same((qs) => qs.escape(input as string));
      expect(() => reference.escape(Symbol('s') as unknown as string)).to.throw(TypeError);
    });

    it('unescape never throws and keeps what it cannot decode', () => {
      expect(reference.unescape('%41%')).to.equal('A%');
      expect(reference.unescape('%E9')).to.equal('\uFFFD');
      expect(reference.unescape('%EF%BB%BFa%')).to.equal('\uFEFFa%');
      for (const input of ['%', '%zz+%41', '\u{1F600}%', 'a+b']) {
        same((qs) => qs.unescape(input));
        same((qs) => (qs.unescape as (s: string, d: boolean) => string)(input, true));
        same((qs) => [...(qs as unknown as { unescapeBuffer: (s: string, d?: boolean) => Uint8Array }).unescapeBuffer(input, true)]);
      }
    });
  });

  describe('escape and unescape looked up at call time', () => {
    const original = { escape: reference.escape, unescape: reference.unescape, unescapeBuffer: reference.unescapeBuffer };
    afterEach(() => Object.assign(reference, original));

    it('parse uses an application-assigned unescape for every non-empty part', () => {
      reference.unescape = (text: string) => `[${text}]`;
      expect({ ...reference.parse('a+b=1&c=') }).to.deep.equal({ '[a%20b]': '[1]', '[c]': '' });
    });

    it('stringify uses an application-assigned escape', () => {
      reference.escape = (text: unknown) => String(text).toUpperCase();
      expect(reference.stringify({ a: 'b c', n: 1 })).to.equal('A=B C&N=1');
    });

    it('unescape falls back through an application-assigned unescapeBuffer', () => {
      reference.unescapeBuffer = (() => Buffer.from('patched')) as typeof reference.unescapeBuffer;
      expect(reference.unescape('%')).to.equal('patched');
    });

    it('behaves like the host when both are patched the same way', () => {
      const patch = (qs: typeof host): unknown => {
        const saved = { escape: qs.escape, unescape: qs.unescape };
        qs.escape = (text: string) => `(${text})`;
        qs.unescape = (text: string) => text.split('').reverse().join('');
        try {
          return [qs.parse('ab=cd&%41=x+y'), qs.stringify({ k: ['v', 1] })];
        } finally {
          Object.assign(qs, saved);
        }
      };
      same(patch);
    });
  });

  describe('differential against node:querystring', () => {
    it('parse agrees for generated strings, sep, eq and maxKeys', () => {
      fc.assert(
        fc.property(queryString, delimiter, delimiter, fc.option(fc.record({ maxKeys }, { requiredKeys: [] })), (input, sep, eq, options) => {
          same((qs) => qs.parse(input, sep as string, eq as string, options as never));
        }),
        { ...RUNS, numRuns: 4000 },
      );
    });

    it('parse agrees with custom decoders (total, throwing, non-string results)', () => {
      const decoders = fc.constantFrom(
        (text: string) => `<${text}>`,
        (text: string) => {
          if (text.includes('%')) throw new Error('refused');
          return text;
        },
        (text: string) => text.length,
        (text: string) => (text === 'a' ? null : text),
      );
      fc.assert(
        fc.property(queryString, delimiter, delimiter, decoders, (input, sep, eq, decodeURIComponent) => {
          same((qs) => qs.parse(input, sep as string, eq as string, { decodeURIComponent: decodeURIComponent as (s: string) => string }));
        }),
        RUNS,
      );
    });

    it('stringify agrees for generated objects, sep and eq, with the default and a custom encoder', () => {
      fc.assert(
        fc.property(objectToStringify, delimiter, delimiter, fc.boolean(), (object, sep, eq, custom) => {
          const options = custom ? { encodeURIComponent: (text: string) => `<${text}>` } : undefined;
          same((qs) => qs.stringify(object as never, sep as string, eq as string, options));
        }),
        RUNS,
      );
    });

    it('escape, unescape and unescapeBuffer agree on arbitrary strings', () => {
      fc.assert(
        fc.property(fc.oneof(queryString, fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 })), fc.boolean(), (input, spaces) => {
          same((qs) => qs.escape(input));
          same((qs) => (qs.unescape as (s: string, d: boolean) => string)(input, spaces));
          same((qs) => (qs as unknown as { unescapeBuffer: (s: string, d?: boolean) => Uint8Array }).unescapeBuffer(input, spaces));
        }),
        { ...RUNS, numRuns: 3000 },
      );
    });

    it('round-trips generated objects of strings like the host', () => {
      const flat = fc.dictionary(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.array(fc.string({ maxLength: 4 }), { minLength: 2, maxLength: 3 })));
      fc.assert(
        fc.property(flat, (object) => {
          same((qs) => qs.parse(qs.stringify(object)));
          expect({ ...reference.parse(reference.stringify(object)) }).to.deep.equal(object);
        }),
        RUNS,
      );
    });
  });

  describe('linear time on adversarial input', function () {
    // Seconds of CPU in all: the bounds below are on CPU time, and this limit only stops a hang, so a busy machine
    // (other test files beside this one) cannot fail them by stretching wall-clock time.
    this.timeout(120_000);
    /**
     * A full collection before each timed run: garbage that earlier tests of the same process left in a large heap
     * would otherwise be collected during the big run (its allocations trigger it) and be charged to it.
     */
    const collect: () => void = (() => {
      setFlagsFromString('--expose-gc');
      return runInNewContext('gc') as () => void;
    })();

    /**
     * The CPU milliseconds `run` takes (this process's, user and system): what the parser costs, which other work on
     * the machine does not stretch as it stretches wall-clock time.
     */
    function cpuMs(run: () => void): number {
      const before = process.cpuUsage();
      run();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    }

    /**
     * 64 runs on an input of size n against one run on size 64n: equal work if the cost is linear, 64 times more
     * for the big input if quadratic. Failing above 10× leaves a 10× margin for noise and still catches n².
     * The fastest of three rounds of each. One full collection before the small rounds clears what earlier tests left
     * (a round leaves only its own small garbage to the next), and one before each big run, whose allocations would
     * otherwise trigger a collection of it. The big runs stop at the first under the bound, since the fastest of three
     * can only be lower: the verdict is the one all three would give, without the collections (most of the cost in a
     * heap this file has grown) of rounds that cannot change it.
     */
    function expectLinear<T>(label: string, make: (n: number) => T, n: number, run: (input: T) => unknown): void {
      const small = make(n);
      const big = make(64 * n);
      run(small); // warm up
      collect();
      let smallTime = Infinity;
      for (let round = 0; round < 3; round++) {
        smallTime = Math.min(
          smallTime,
          cpuMs(() => {
            for (let k = 0; k < 64; k++) run(small);
          }),
        );
      }
      const bound = 10 * smallTime + 20;
      let bigTime = Infinity;
      for (let round = 0; round < 3 && !(bigTime < bound); round++) {
        collect();
        bigTime = Math.min(bigTime, cpuMs(() => run(big)));
      }
      expect(bigTime, `${label}: 64 × n took ${smallTime.toFixed(1)} ms, 64n took ${bigTime.toFixed(1)} ms`).to.be.below(bound);
    }

    const unlimited = { maxKeys: 0 };
    it('parses separators, percent signs and bad escapes in linear time', () => {
      expectLinear("'&' × n, maxKeys 0", (n) => '&'.repeat(n), 1 << 13, (s) => reference.parse(s, null, null, unlimited));
      expectLinear("'%' × n", (n) => '%'.repeat(n), 1 << 13, (s) => reference.parse(s));
      expectLinear("'a=%E9' + '%' × n", (n) => `a=%E9${'%'.repeat(n)}`, 1 << 13, (s) => reference.parse(s));
      expectLinear("'+' × n", (n) => `a=${'+'.repeat(n)}`, 1 << 13, (s) => reference.parse(s));
      expectLinear("'a&&b==' × n, multi-character sep/eq", (n) => 'a&&b=='.repeat(n), 1 << 12, (s) => reference.parse(s, '&&', '==', unlimited));
      expectLinear("'%C3%A9' × n", (n) => `a=${'%C3%A9'.repeat(n)}`, 1 << 12, (s) => reference.parse(s));
    });

    it('parses many keys with maxKeys 0 in linear time', () => {
      expectLinear('distinct keys', (n) => Array.from({ length: n }, (_, i) => `k${i}=v`).join('&'), 1 << 10, (s) => reference.parse(s, null, null, unlimited));
      expectLinear('one repeated key', (n) => 'k=v&'.repeat(n), 1 << 11, (s) => reference.parse(s, null, null, unlimited));
    });

    it('parses a 10 MB string of separators quickly and keeps nothing of it', () => {
      const input = '&'.repeat(10 * 1024 * 1024);
      let result: Record<string, unknown> = {};
      // About 160 ms of CPU on the 2-core CI machine.
      const spent = cpuMs(() => (result = reference.parse(input, null, null, unlimited) as Record<string, unknown>));
      expect(Object.keys(result)).to.have.length(0);
      expect(spent, 'CPU ms').to.be.below(2000);
    });

    it('parses 10 MB of percent signs quickly into one key, copying the input at most once', () => {
      const input = '%'.repeat(10 * 1024 * 1024);
      input.charCodeAt(0); // flattens the rope `repeat` builds, so its 10 MB are not counted against parse
      // A real collection first, so garbage left by earlier tests cannot be freed during the parse and hide what the
      // parse allocates. mocha runs without --expose-gc; V8 lets a program turn it on and fetch gc from a new context.
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      let result: Record<string, unknown> = {};
      // About 220 ms of CPU on the 2-core CI machine.
      const spent = cpuMs(() => (result = reference.parse(input) as Record<string, unknown>));
      const grown = process.memoryUsage().heapUsed - heapBefore;
      expect(Object.keys(result)).to.deep.equal([input]);
      expect(spent, 'CPU ms').to.be.below(2000);
      // Using a 10 MB text as a property name makes V8 copy it once into its string table (the host pays the same).
      // A parser that also built the text anew, or kept a per-character array, would pass 20 MB.
      expect(grown, `heap grew by ${(grown / 1e6).toFixed(1)} MB`).to.be.below(16 * 1024 * 1024);
    });

    it('parses a million distinct keys with maxKeys 0, every one of them, in bounded time', () => {
      const count = 1_000_000;
      const input = Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&');
      let result: Record<string, unknown> = {};
      // About 2.5 s of CPU on the 2-core CI machine; a parser quadratic in the keys would take hours.
      const spent = cpuMs(() => (result = reference.parse(input, null, null, unlimited) as Record<string, unknown>));
      const keys = Object.keys(result);
      expect(keys).to.have.length(count);
      expect([keys[0], result[keys[0]!], keys[count - 1], result[keys[count - 1]!]]).to.deep.equal(['k0', '0', `k${count - 1}`, `${count - 1}`]);
      expect(spent, 'CPU ms').to.be.below(10_000);
    });

    it('escapes and unescapes in linear time', () => {
      // n = 2^9: the big input's output (330 k characters) stays a rope of modest size. At 2^12 it is 2.6 M characters in
      // about 800 k rope pieces, and collecting those costs ~20 × more per piece than for the small input, so once escape
      // got faster on short strings that garbage, not the algorithm, decided the ratio. A quadratic escape still takes
      // seconds at this size.
      expectLinear('escape', (n) => 'é a'.repeat(n), 1 << 9, (s) => reference.escape(s));
      expectLinear('unescape of bad escapes', (n) => '%E9%'.repeat(n), 1 << 12, (s) => reference.unescape(s));
      // The array is built outside the timed runs (making the strings is not what is measured), and n = 2^10 for the
      // reason given for escape: at 2^12 the output is a rope of 520 k pieces that outlives the young generation, and
      // promoting it, not the algorithm, made the ratio 16-18× in a full test run. A quadratic stringify would be 64×.
      expectLinear('stringify of an array', (n) => ({ a: 'x'.repeat(n).split('') }), 1 << 10, (object) => reference.stringify(object));
    });
  });
});
