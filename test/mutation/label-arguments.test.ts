// The label argument (mutation/label-arguments.ts): which parameters only label a thrown error, and which mutants of a
// marked call it spares a full run. Every case here is one the analysis must get right to be sound: a parameter read
// anywhere but a throw is no label, whatever its name.
import { expect } from 'chai';
import { generateMutants } from '../../mutation/generate-mutants.js';
import { labelClaims } from '../../mutation/label-arguments.js';

const VALIDATORS = [
  "import { invalidArgType } from './errors.js';",
  'export function validateString(value: unknown, name: string): asserts value is string {',
  "  if (typeof value !== 'string') {",
  '    // beyond-spec: arg-type',
  "    throw invalidArgType(name, 'of type string', value);",
  '  }',
  '}',
  'export function validateEach(values: readonly unknown[], name: string): void {',
  '  for (let at = 0; at < values.length; at++) validateString(values[at], `${name}[${at}]`);',
  '}',
  'export function validateLogged(value: unknown, name: string): void {',
  '  seen.push(name);',
  "  if (typeof value !== 'string') throw invalidArgType(name, 'of type string', value);",
  '}',
  'export function validateBranching(value: unknown, name: string): void {',
  "  if (name === 'options.shell' && typeof value === 'boolean') return;",
  "  if (typeof value !== 'string') throw invalidArgType(name, 'of type string', value);",
  '}',
  'export function validateReturning(value: unknown, name: string): string {',
  "  if (typeof value !== 'string') throw invalidArgType(name, 'of type string', value);",
  '  return name;',
  '}',
  'export function validateLater(value: unknown, name: string): void {',
  "  if (typeof value !== 'string') queueMicrotask(() => { throw invalidArgType(name, 'of type string', value); });",
  '}',
  'export function validateHandingOn(value: unknown, name: string): void {',
  '  validateString(name, String(value));',
  '}',
  'export function unused(value: unknown, name: string): void {',
  "  if (typeof value !== 'string') throw new TypeError('bad');",
  '}',
  'const seen: string[] = [];',
  '',
].join('\n');

const ERRORS = [
  'export function invalidArgType(name: string, expected: string, actual: unknown): TypeError {',
  '  return new TypeError(`The "${name}" argument must be ${expected}. Received ${typeof actual}`);',
  '}',
  '',
].join('\n');

const CALLER = [
  "import { validateString, validateEach, validateLogged } from './validators.js';",
  'export function spawnLike(command: unknown, args: unknown[], prefix: string): string {',
  '  // beyond-spec: arg-type',
  "  validateString(command, 'file');",
  '  // beyond-spec: arg-type',
  '  validateEach(args, `${prefix}args`);',
  '  // beyond-spec: arg-type',
  "  validateLogged(command, 'command');",
  "  validateString(command, 'unmarked');",
  '  return command;',
  '}',
  'export function lastCall(command: unknown): void {',
  '  // beyond-spec: arg-type',
  "  validateString(command, 'file');",
  '}',
  'export function inTry(command: unknown): number {',
  '  try {',
  '    // beyond-spec: arg-type',
  "    validateString(command, 'file');",
  '  } catch {',
  '    return 1;',
  '  }',
  '  return 0;',
  '}',
  'export function nested(command: unknown, options: { argv0?: unknown }): unknown {',
  '  if (options.argv0 != null) {',
  '    // beyond-spec: arg-type',
  "    validateString(options.argv0, 'options.argv0');",
  '  }',
  '  return command;',
  '}',
  '',
].join('\n');

const TEXTS = new Map([
  ['reference/internal/validators.ts', VALIDATORS],
  ['reference/internal/errors.ts', ERRORS],
  ['reference/internal/caller.ts', CALLER],
]);

// One marked call of each function above, each with string literals only: a string-literal mutant of an argument gets
// a `text` claim exactly when that argument's parameter is label-only, so the claims tell which parameters are.
const PROBES = [
  "import { validateString, validateEach, validateLogged, validateBranching, validateReturning, validateLater, validateHandingOn, unused } from './validators.js';",
  "import { invalidArgType } from './errors.js';",
  'export function probes(value: unknown): void {',
  '  // beyond-spec: arg-type',
  "  validateString(value, 'string-name');",
  '  // beyond-spec: arg-type',
  "  validateEach([value], 'each-name');",
  '  // beyond-spec: arg-type',
  "  validateLogged(value, 'logged-name');",
  '  // beyond-spec: arg-type',
  "  validateBranching(value, 'branching-name');",
  '  // beyond-spec: arg-type',
  "  validateReturning(value, 'returning-name');",
  '  // beyond-spec: arg-type',
  "  validateLater(value, 'later-name');",
  '  // beyond-spec: arg-type',
  "  validateHandingOn('handed-value', 'handed-name');",
  '  // beyond-spec: arg-type',
  "  unused(value, 'unused-name');",
  '  // beyond-spec: arg-type',
  "  const error = invalidArgType('helper-name', 'of type string', value);",
  '  void error;',
  '}',
  '',
].join('\n');

describe('label-only parameters (as the claims on marked calls of each show them)', () => {
  const texts = new Map([...[
    ['reference/internal/validators.ts', VALIDATORS],
    ['reference/internal/errors.ts', ERRORS],
  ] as const, ['reference/internal/probes.ts', PROBES] as const]);
  const mutants = generateMutants('reference/internal/probes.ts', PROBES);
  const claims = labelClaims(texts, mutants);
  /** The claim on the string-literal mutant of the literal `original` (quotes included). */
  const claimOn = (original: string) => {
    const mutant = mutants.find((each) => each.operator === 'string-literal' && each.original === original);
    expect(mutant, `a string-literal mutant of ${original}`).to.not.equal(undefined);
    return claims.get(mutant?.id ?? '');
  };

  it('are those whose every use is inside a throw', () => {
    expect(claimOn("'string-name'")).to.deep.equal({ kind: 'text', callee: 'validateString', parameters: ['name'] });
  });

  it('include one handed on only to a label-only parameter of another function', () => {
    expect(claimOn("'each-name'")).to.deep.equal({ kind: 'text', callee: 'validateEach', parameters: ['name'] });
  });

  it('exclude a parameter used outside a throw (stored, returned), though it also labels the error', () => {
    expect(claimOn("'logged-name'")).to.equal(undefined);
    expect(claimOn("'returning-name'")).to.equal(undefined);
  });

  it('exclude the name of a validator that branches on it', () => {
    expect(claimOn("'branching-name'")).to.equal(undefined);
  });

  it('exclude a use in a callback, which may throw after the call returned', () => {
    expect(claimOn("'later-name'")).to.equal(undefined);
  });

  it('exclude a parameter handed on to a checked position, and one never used', () => {
    // Its `value` only becomes another call's label: that one is.
    expect(claimOn("'handed-value'")).to.deep.equal({ kind: 'text', callee: 'validateHandingOn', parameters: ['value'] });
    expect(claimOn("'handed-name'")).to.equal(undefined);
    expect(claimOn("'unused-name'")).to.equal(undefined);
  });

  it('exclude the parameters of an error helper, which returns its error rather than throwing it', () => {
    expect(claimOn("'helper-name'")).to.equal(undefined);
  });
});

describe('label claims', () => {
  const mutants = generateMutants('reference/internal/caller.ts', CALLER);
  const claims = labelClaims(TEXTS, mutants);
  const claimOf = (operator: string, line: number, replacement?: string) => {
    const mutant = mutants.find((each) => each.operator === operator && each.line === line && (replacement === undefined || each.replacement === replacement));
    expect(mutant, `a ${operator} mutant on line ${line}`).to.not.equal(undefined);
    return claims.get(mutant?.id ?? '');
  };

  it('make a string-literal mutant of a label argument of a marked call a text change', () => {
    expect(claimOf('string-literal', 4)).to.deep.equal({ kind: 'text', callee: 'validateString', parameters: ['name'] });
  });

  it('make nothing of a label argument of a call no marker covers, or of a parameter that is no label', () => {
    expect(claimOf('string-literal', 9)).to.equal(undefined);
    expect(claimOf('string-literal', 8)).to.equal(undefined);
  });

  it("make a swap that moves a constant label into the checked position a 'constant' claim, with the statement after the call", () => {
    const claim = claimOf('swap-arguments', 4);
    expect(claim).to.include({ kind: 'constant', callee: 'validateString', parameter: 'value', constant: "'file'" });
    const next = claim?.kind === 'constant' ? claim.next : undefined;
    expect(next && CALLER.slice(next.start, next.end)).to.equal('validateEach(args, `${prefix}args`);');
  });

  it('make nothing of a swap that moves a template with substitutions: whether it is refused may differ from call to call', () => {
    expect(claimOf('swap-arguments', 6)).to.equal(undefined);
  });

  it('give no next statement after the last call of a function or inside a try, and climb out of an if', () => {
    const last = claimOf('swap-arguments', 14);
    expect(last).to.include({ kind: 'constant' });
    expect(last?.kind === 'constant' ? last.next : 'unexpected').to.equal(undefined);
    const guarded = claimOf('swap-arguments', 19);
    expect(guarded?.kind === 'constant' ? guarded.next : 'unexpected').to.equal(undefined);
    const nestedNext = claimOf('swap-arguments', 28);
    const next = nestedNext?.kind === 'constant' ? nestedNext.next : undefined;
    expect(next && CALLER.slice(next.start, next.end)).to.equal('return command;');
  });
});
