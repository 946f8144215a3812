// Each mutation operator on small snippets: the edits it makes, in source order, and what it leaves alone (names,
// imports, types). That every mutant of the reference still parses is mutants-parse.test.ts (npm run test:mutation).
import { expect } from 'chai';
import ts from 'typescript5';
import { findMutations, type OperatorName } from '../../mutation/operators.js';
import { applyMutant } from '../../mutation/generate-mutants.js';

/** Every text the operator makes of `code`, in source order. */
function mutate(code: string, operator: OperatorName): string[] {
  const sourceFile = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return findMutations(sourceFile, new Set([operator])).map((site) => applyMutant(code, site));
}

/** Parses without syntax errors. */
function parses(code: string): boolean {
  const sourceFile = ts.createSourceFile('mutant.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return (sourceFile as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
}

describe('mutation operators', () => {
  it('conditional-boundary swaps < with <= and > with >=, both ways', () => {
    expect(mutate('if (a < b && c >= d) f();', 'conditional-boundary')).to.deep.equal(['if (a <= b && c >= d) f();', 'if (a < b && c > d) f();']);
    expect(mutate('x = a <= b || a > c;', 'conditional-boundary')).to.deep.equal(['x = a < b || a > c;', 'x = a <= b || a >= c;']);
  });

  it('negation flips equality operators and drops a logical not', () => {
    expect(mutate('if (a === b) g(a !== c, !d);', 'negation')).to.deep.equal([
      'if (a !== b) g(a !== c, !d);',
      'if (a === b) g(a === c, !d);',
      'if (a === b) g(a !== c, d);',
    ]);
    expect(mutate('y = a == null;', 'negation')).to.deep.equal(['y = a != null;']);
  });

  it('arithmetic swaps + with -, * with /, and their compound and update forms', () => {
    expect(mutate('n = a + b * c;', 'arithmetic')).to.deep.equal(['n = a - b * c;', 'n = a + b / c;']);
    expect(mutate('n -= 2; i++; --j;', 'arithmetic')).to.deep.equal(['n += 2; i++; --j;', 'n -= 2; i--; --j;', 'n -= 2; i++; ++j;']);
  });

  it('string-literal empties a string, fills an empty one, and leaves names and imports alone', () => {
    expect(mutate(`s = 'abc' + '';`, 'string-literal')).to.deep.equal([`s = "" + '';`, `s = 'abc' + "rtconf-mutant";`]);
    expect(mutate(`import x from 'y'; const o = { 'k': 1 }; 'use strict';`, 'string-literal')).to.deep.equal([]);
    expect(mutate('type T = "a"; let t: T;', 'string-literal')).to.deep.equal([]);
  });

  it('number-literal turns 0 into 1, 1 into 0 and n into n + 1', () => {
    expect(mutate('f(0, 1, 1000, 0x25);', 'number-literal')).to.deep.equal(['f(1, 1, 1000, 0x25);', 'f(0, 0, 1000, 0x25);', 'f(0, 1, 1001, 0x25);', 'f(0, 1, 1000, 38);']);
  });

  it('remove-statement removes an expression statement, keeping an unbraced body a statement', () => {
    expect(mutate('function f() { g(); x = 1; }', 'remove-statement')).to.deep.equal(['function f() {  x = 1; }', 'function f() { g();  }']);
    const [unbraced] = mutate('if (a) g();', 'remove-statement');
    expect(unbraced).to.equal('if (a) {}');
    expect(parses(unbraced as string)).to.equal(true);
  });

  it('remove-default drops ?? defaults, value || defaults, default parameters and destructuring defaults', () => {
    expect(mutate('const n = o.max ?? 1000;', 'remove-default')).to.deep.equal(['const n = o.max;']);
    expect(mutate('const s = o.sep || "&";', 'remove-default')).to.deep.equal(['const s = o.sep;']);
    expect(mutate('if (a || b) f();', 'remove-default'), '|| as logic is not a default').to.deep.equal([]);
    expect(mutate('function f(x: number = 5, { y = 2 } = {}) {}', 'remove-default')).to.deep.equal([
      'function f(x: number, { y = 2 } = {}) {}',
      'function f(x: number = 5, { y } = {}) {}',
      'function f(x: number = 5, { y = 2 }) {}',
    ]);
  });

  it('swap-arguments swaps the first two arguments when they differ', () => {
    expect(mutate('f(a, b, c); g(x, x); h(...r, s);', 'swap-arguments')).to.deep.equal(['f(b, a, c); g(x, x); h(...r, s);']);
    expect(mutate('new Map(k, v);', 'swap-arguments')).to.deep.equal(['new Map(v, k);']);
  });

  it('early-return makes a function body return at once', () => {
    expect(mutate('function f() { a(); }\nconst g = () => { b(); };\nconst h = () => 1;', 'early-return')).to.deep.equal([
      'function f() { return; a(); }\nconst g = () => { b(); };\nconst h = () => 1;',
      'function f() { a(); }\nconst g = () => { return; b(); };\nconst h = () => 1;',
    ]);
  });

  it('always-true and always-false replace the condition of if, loops and ?:', () => {
    expect(mutate('if (a) f(); while (b) g(); x = c ? 1 : 2;', 'always-true')).to.deep.equal([
      'if (true) f(); while (b) g(); x = c ? 1 : 2;',
      'if (a) f(); while (true) g(); x = c ? 1 : 2;',
      'if (a) f(); while (b) g(); x = (true) ? 1 : 2;',
    ]);
    expect(mutate('for (let i = 0; i < n; i++) f(); do g(); while (d);', 'always-false')).to.deep.equal([
      'for (let i = 0; false; i++) f(); do g(); while (d);',
      'for (let i = 0; i < n; i++) f(); do g(); while (false);',
    ]);
  });

  it('mutates no type, interface or ambient declaration', () => {
    const code = 'interface I { a: 1 }\ntype T = "x" | 2;\ndeclare const d: number;\nfunction f(a: "y"): 3 { return 3 as 3; }';
    const operators: OperatorName[] = ['string-literal', 'number-literal'];
    expect(operators.flatMap((operator) => mutate(code, operator))).to.deep.equal([code.replace('return 3 as', 'return 4 as')]);
  });
});
