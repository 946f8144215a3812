// The mutation operators: each looks at one node of a TypeScript syntax tree and proposes text edits (a span of the
// source and what replaces it). Edits are made on the source text, so a mutant differs from the reference in exactly
// one place and its diff is one line or a few.
import ts from 'typescript5';

export const OPERATORS = [
  'conditional-boundary',
  'negation',
  'arithmetic',
  'string-literal',
  'number-literal',
  'remove-statement',
  'remove-default',
  'swap-arguments',
  'early-return',
  'always-true',
  'always-false',
] as const;
/**
 * - `conditional-boundary`: `<` ↔ `<=`, `>` ↔ `>=`.
 * - `negation`: `===` ↔ `!==`, `==` ↔ `!=`, `!x` → `x`.
 * - `arithmetic`: `+` ↔ `-`, `*` ↔ `/` (and their compound assignments, `++` ↔ `--`).
 * - `string-literal`: a non-empty string becomes `""`, an empty one `"rtconf-mutant"`.
 * - `number-literal`: `0` → `1`, `1` → `0`, any other `n` → `n + 1`.
 * - `remove-statement`: an expression statement (a call, an assignment) is removed.
 * - `remove-default`: the default of option handling is removed: `a ?? d` → `a`, `a || d` (as a value) → `a`,
 *   a default parameter or destructuring default `x = d` → `x`.
 * - `swap-arguments`: the first two arguments of a call or `new` swap places (when their texts differ).
 * - `early-return`: a function body starts with `return;`.
 * - `always-true` / `always-false`: the condition of an `if`, loop or `?:` becomes `true` / `false`.
 */
export type OperatorName = (typeof OPERATORS)[number];

/** An edit of the source text: replace [start, end) with `replacement`. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
}

/** One proposed edit of the source text, by an operator. */
export interface MutationSite extends Edit {
  readonly operator: OperatorName;
  /** The span of the code the mutation is about (for coverage lookup); at least [start, end). */
  readonly spanStart: number;
  readonly spanEnd: number;
}

export function isOperator(value: string): value is OperatorName {
  return (OPERATORS as readonly string[]).includes(value);
}

const BOUNDARY: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.LessThanToken, '<='],
  [ts.SyntaxKind.LessThanEqualsToken, '<'],
  [ts.SyntaxKind.GreaterThanToken, '>='],
  [ts.SyntaxKind.GreaterThanEqualsToken, '>'],
]);

const NEGATION: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.EqualsEqualsEqualsToken, '!=='],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken, '==='],
  [ts.SyntaxKind.EqualsEqualsToken, '!='],
  [ts.SyntaxKind.ExclamationEqualsToken, '=='],
]);

const ARITHMETIC: ReadonlyMap<ts.SyntaxKind, string> = new Map([
  [ts.SyntaxKind.PlusToken, '-'],
  [ts.SyntaxKind.MinusToken, '+'],
  [ts.SyntaxKind.AsteriskToken, '/'],
  [ts.SyntaxKind.SlashToken, '*'],
  [ts.SyntaxKind.PlusEqualsToken, '-='],
  [ts.SyntaxKind.MinusEqualsToken, '+='],
  [ts.SyntaxKind.AsteriskEqualsToken, '/='],
  [ts.SyntaxKind.SlashEqualsToken, '*='],
]);

/** Text that replaces an empty string literal: distinct from anything the cases send. */
const NON_EMPTY_STRING = 'rtconf-mutant';

/**
 * Every mutation the operators propose for one source file, in source order.
 * @param sourceFile a parsed file (`ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true)`)
 * @param enabled the operators to apply (default: all)
 * @example
 * const sites = findMutations(ts.createSourceFile('x.ts', 'if (a < b) f();', ts.ScriptTarget.Latest, true));
 */
export function findMutations(sourceFile: ts.SourceFile, enabled: ReadonlySet<OperatorName> = new Set(OPERATORS)): MutationSite[] {
  const sites: MutationSite[] = [];
  const add = (site: MutationSite): void => {
    if (enabled.has(site.operator)) sites.push(site);
  };
  const visit = (node: ts.Node): void => {
    if (isSkipped(node)) return;
    for (const site of sitesOf(node, sourceFile)) add(site);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites.sort((a, b) => a.start - b.start || a.end - b.end || OPERATORS.indexOf(a.operator) - OPERATORS.indexOf(b.operator));
}

/** Parts of a file that are not code that runs: types, imports and exports of names, ambient declarations. */
function isSkipped(node: ts.Node): boolean {
  if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return true;
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportEqualsDeclaration(node)) return true;
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isModuleDeclaration(node)) return true;
  if (ts.isDecorator(node)) return true;
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword) === true;
}

function site(operator: OperatorName, start: number, end: number, replacement: string, span?: ts.Node, sourceFile?: ts.SourceFile): MutationSite {
  const spanStart = span && sourceFile ? span.getStart(sourceFile) : start;
  const spanEnd = span ? span.getEnd() : end;
  return { operator, start, end, replacement, spanStart: Math.min(spanStart, start), spanEnd: Math.max(spanEnd, end) };
}

function sitesOf(node: ts.Node, sf: ts.SourceFile): MutationSite[] {
  if (ts.isBinaryExpression(node)) return binarySites(node, sf);
  if (ts.isPrefixUnaryExpression(node)) return prefixSites(node, sf);
  // A postfix operator is the last two characters of its expression.
  if (ts.isPostfixUnaryExpression(node)) return updateSites(node.operator, { start: node.getEnd() - 2, end: node.getEnd() }, node, sf);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return stringSites(node, sf);
  if (ts.isNumericLiteral(node)) return numberSites(node, sf);
  if (ts.isExpressionStatement(node)) return statementSites(node, sf);
  if (ts.isParameter(node) || ts.isBindingElement(node)) return defaultSites(node, sf);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return swapSites(node, sf);
  if (ts.isFunctionLike(node)) return earlyReturnSites(node, sf);
  return conditionSites(node, sf);
}

function binarySites(node: ts.BinaryExpression, sf: ts.SourceFile): MutationSite[] {
  const token = node.operatorToken;
  const start = token.getStart(sf);
  const end = token.getEnd();
  const sites: MutationSite[] = [];
  const boundary = BOUNDARY.get(token.kind);
  if (boundary) sites.push(site('conditional-boundary', start, end, boundary, node, sf));
  const negation = NEGATION.get(token.kind);
  if (negation) sites.push(site('negation', start, end, negation, node, sf));
  const arithmetic = ARITHMETIC.get(token.kind);
  if (arithmetic) sites.push(site('arithmetic', start, end, arithmetic, node, sf));
  const isDefault =
    token.kind === ts.SyntaxKind.QuestionQuestionToken || (token.kind === ts.SyntaxKind.BarBarToken && !isBooleanContext(node));
  // `a ?? d` → `a`: the left operand alone, so that the default never applies.
  if (isDefault) sites.push(site('remove-default', node.left.getEnd(), node.getEnd(), '', node, sf));
  return sites;
}

/** `!x` → `x`; `++`/`--` swap. */
function prefixSites(node: ts.PrefixUnaryExpression, sf: ts.SourceFile): MutationSite[] {
  if (node.operator === ts.SyntaxKind.ExclamationToken) {
    const start = node.getStart(sf);
    return [site('negation', start, start + 1, '', node, sf)];
  }
  const start = node.getStart(sf);
  return updateSites(node.operator, { start, end: start + 2 }, node, sf);
}

function updateSites(operator: ts.SyntaxKind, token: { start: number; end: number }, node: ts.Node, sf: ts.SourceFile): MutationSite[] {
  if (operator === ts.SyntaxKind.PlusPlusToken) return [site('arithmetic', token.start, token.end, '--', node, sf)];
  if (operator === ts.SyntaxKind.MinusMinusToken) return [site('arithmetic', token.start, token.end, '++', node, sf)];
  return [];
}

function stringSites(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, sf: ts.SourceFile): MutationSite[] {
  const parent = node.parent;
  // Names, not values: property keys, module specifiers, directives ('use strict').
  if (ts.isPropertyAssignment(parent) && parent.name === node) return [];
  if (ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isEnumMember(parent)) return [];
  if (ts.isExpressionStatement(parent)) return [];
  if (ts.isCallExpression(parent) && (parent.expression.kind === ts.SyntaxKind.ImportKeyword || isIdentifierNamed(parent.expression, 'require'))) return [];
  const replacement = node.text === '' ? JSON.stringify(NON_EMPTY_STRING) : '""';
  return [site('string-literal', node.getStart(sf), node.getEnd(), replacement, node, sf)];
}

function numberSites(node: ts.NumericLiteral, sf: ts.SourceFile): MutationSite[] {
  const parent = node.parent;
  if ((ts.isPropertyAssignment(parent) && parent.name === node) || ts.isEnumMember(parent)) return [];
  const value = Number(node.text.replace(/_/g, ''));
  if (!Number.isFinite(value)) return [];
  const changed = value === 0 ? 1 : value === 1 ? 0 : value + 1;
  return [site('number-literal', node.getStart(sf), node.getEnd(), String(changed), node, sf)];
}

function statementSites(node: ts.ExpressionStatement, sf: ts.SourceFile): MutationSite[] {
  if (ts.isStringLiteral(node.expression)) return [];
  // Where a statement is required (the body of an unbraced `if`), an empty block takes its place.
  const parent = node.parent;
  const inList = ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent) || ts.isModuleBlock(parent);
  return [site('remove-statement', node.getStart(sf), node.getEnd(), inList ? '' : '{}', node, sf)];
}

function defaultSites(node: ts.ParameterDeclaration | ts.BindingElement, sf: ts.SourceFile): MutationSite[] {
  if (!node.initializer) return [];
  // `x = d` → `x`: from the end of the name (or its type annotation) to the end of the initializer.
  const before = ts.isParameter(node) ? (node.type ?? node.questionToken ?? node.name) : node.name;
  return [site('remove-default', before.getEnd(), node.initializer.getEnd(), '', node, sf)];
}

function swapSites(node: ts.CallExpression | ts.NewExpression, sf: ts.SourceFile): MutationSite[] {
  const args = node.arguments;
  if (!args || args.length < 2) return [];
  if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || node.expression.kind === ts.SyntaxKind.SuperKeyword)) return [];
  const [first, second] = [args[0], args[1]];
  if (!first || !second || ts.isSpreadElement(first) || ts.isSpreadElement(second)) return [];
  const a = first.getText(sf);
  const b = second.getText(sf);
  if (a === b) return [];
  const start = first.getStart(sf);
  const end = second.getEnd();
  const between = sf.text.slice(first.getEnd(), second.getStart(sf));
  return [site('swap-arguments', start, end, `${b}${between}${a}`, node, sf)];
}

function earlyReturnSites(node: ts.SignatureDeclaration, sf: ts.SourceFile): MutationSite[] {
  const body = (node as { body?: ts.Node }).body;
  if (!body || !ts.isBlock(body) || body.statements.length === 0) return [];
  const first = body.statements[0];
  if (!first || ts.isReturnStatement(first)) return [];
  // Constructors of derived classes must call super() before returning.
  if (ts.isConstructorDeclaration(node) && body.statements.some((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression) && s.expression.expression.kind === ts.SyntaxKind.SuperKeyword)) return [];
  const at = first.getStart(sf);
  return [site('early-return', at, at, 'return; ', body, sf)];
}

function conditionSites(node: ts.Node, sf: ts.SourceFile): MutationSite[] {
  let condition: ts.Expression | undefined;
  if (ts.isIfStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) condition = node.expression;
  else if (ts.isForStatement(node)) condition = node.condition;
  else if (ts.isConditionalExpression(node)) condition = node.condition;
  if (!condition) return [];
  const text = condition.getText(sf);
  const start = condition.getStart(sf);
  const end = condition.getEnd();
  const sites: MutationSite[] = [];
  // A literal condition already is what one of them would make it; `(true)` keeps the `?:` precedence intact.
  const wrap = (value: string): string => (ts.isConditionalExpression(node) ? `(${value})` : value);
  if (text !== 'true') sites.push(site('always-true', start, end, wrap('true'), condition, sf));
  if (text !== 'false') sites.push(site('always-false', start, end, wrap('false'), condition, sf));
  return sites;
}

/** Whether an expression's value is only used as a truth value (so `a || b` there is logic, not a default). */
function isBooleanContext(node: ts.Expression): boolean {
  let current: ts.Node = node;
  while (ts.isParenthesizedExpression(current.parent)) current = current.parent;
  const parent = current.parent;
  if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent)) return parent.expression === current;
  if (ts.isForStatement(parent)) return parent.condition === current;
  if (ts.isConditionalExpression(parent)) return parent.condition === current;
  if (ts.isPrefixUnaryExpression(parent)) return parent.operator === ts.SyntaxKind.ExclamationToken;
  if (ts.isBinaryExpression(parent)) {
    const kind = parent.operatorToken.kind;
    if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return true;
    if (kind === ts.SyntaxKind.BarBarToken) return isBooleanContext(parent);
  }
  return false;
}

function isIdentifierNamed(node: ts.Node, name: string): boolean {
  return ts.isIdentifier(node) && node.text === name;
}
