// Label-only arguments: a static argument that spares running a kind of mutant the marked checks make by the hundred.
// A validator's `name` (`validateString(command, 'file')`) only ever reaches the error it throws: it is the label of a
// refusal. Found with the TypeScript API, a parameter is label-only when every use of it in its function is
//   - inside the operand of a `throw` (it can only change the value thrown), or
//   - an argument of a call, at the position of a parameter of the callee that is itself label-only,
// and never crosses into a nested function on the way there (a callback may run after the call returned), but for one
// handed to an array method that calls it before returning (`values.forEach(…)`, `values` declared an array). A parameter
// used anywhere else (in a condition, an assignment, a return) is not, nor is one never used. The error helpers
// (invalidArgType…) are not label-only themselves: they return their error, which a caller may report rather than
// throw; inside a `throw` their result is what is thrown (errors.ts builds the error and touches nothing else with the
// label: its class cache is keyed by the code, never by the label).
//
// Two kinds of mutant in the argument list of a call in marked code (mutation/beyond-spec.ts) then need no full run:
// - `text`: a string-literal mutant of an argument at a label-only position (`validateString(command, "")`) changes
//   only the text of a refusal that its marker puts beyond the spec; likewise a swap of two label-only arguments;
// - `constant`: a swap that moves a constant label (a string literal) into a checked position
//   (`validateString('file', command)`): the check now judges the constant, the same on every call, and the checked
//   value only labels the error. If the check refuses the constant, it refuses every call, so one case that passed a
//   good value through the call sees it (run-mutation.ts runs the fastest such case: one that covers the statement after
//   the call, per the block coverage); if not, the call refuses nothing, and the mutant only stops refusing what the
//   reference refused there, which the marker puts beyond the spec. A template with substitutions is not a constant
//   (whether it is refused can differ from call to call), so such a swap still runs in full.
import { posix } from 'node:path';
import ts from 'typescript5';
import { beyondSpecRegions, regionAround } from './beyond-spec.js';
import type { Mutant } from './generate-mutants.js';

/** What the label argument says of one mutant (see the head of this file). */
export type LabelClaim =
  | {
      readonly kind: 'text';
      /** The function called, and its label-only parameter(s) the mutant changes. */
      readonly callee: string;
      readonly parameters: readonly string[];
    }
  | {
      readonly kind: 'constant';
      readonly callee: string;
      /** The parameter that now checks the constant, and the constant's source text. */
      readonly parameter: string;
      readonly constant: string;
      /**
       * The statement that runs next when the call returns ([start, end) in the mutant's file): a case that covers it
       * passed a good value through the call. Absent when nothing follows in the function (the call is its last
       * statement, a `return`, or inside a `try`): the mutant then runs in full.
       */
      readonly next?: { readonly start: number; readonly end: number };
    };

/** A function-like declaration with a body: what a call can be resolved to. */
type Callee = ts.SignatureDeclaration & { readonly body?: ts.Node };

/** The program over the reference's files and what was found in it. */
interface Analysis {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  /** Per function, the indices of its label-only parameters. */
  readonly labels: ReadonlyMap<Callee, ReadonlySet<number>>;
}

/** Files live under this made-up root inside the program, so that no real file is ever read. */
const VIRTUAL_ROOT = '/rtconf-reference';

/**
 * The label claims of `mutants` (by mutant id): only for string-literal and swap-arguments mutants in the argument list
 * of a call inside marked code, whose callee has label-only parameters.
 * @param texts every reference file's contents by path relative to the package root (the callees' files among them)
 */
export function labelClaims(texts: ReadonlyMap<string, string>, mutants: readonly Mutant[]): Map<string, LabelClaim> {
  const claims = new Map<string, LabelClaim>();
  const candidates = mutants.filter((mutant) => mutant.beyondSpec?.check === true && (mutant.operator === 'string-literal' || mutant.operator === 'swap-arguments'));
  if (candidates.length === 0) return claims;
  const analysis = analyse(texts);
  const regionsOf = new Map<string, ReturnType<typeof beyondSpecRegions>['regions']>();
  for (const mutant of candidates) {
    const sourceFile = analysis.program.getSourceFile(posix.join(VIRTUAL_ROOT, mutant.file));
    if (!sourceFile) continue;
    let regions = regionsOf.get(mutant.file);
    if (!regions) regionsOf.set(mutant.file, (regions = beyondSpecRegions(sourceFile).regions));
    const claim = claimOf(mutant, sourceFile, regions, analysis);
    if (claim) claims.set(mutant.id, claim);
  }
  return claims;
}

/** The claim for one mutant, if the label argument makes one. */
function claimOf(mutant: Mutant, sourceFile: ts.SourceFile, regions: ReturnType<typeof beyondSpecRegions>['regions'], analysis: Analysis): LabelClaim | undefined {
  const call = mutant.operator === 'string-literal' ? callOfArgument(sourceFile, mutant) : callOfSwap(sourceFile, mutant);
  if (!call?.arguments) return undefined;
  // The call must be marked code itself, not the condition guarding a marked refusal: what it refuses is under the marker.
  if (!regionAround(regions, call.getStart(sourceFile), call.getEnd())) return undefined;
  const callee = resolveCallee(call, analysis.checker);
  const labels = callee ? analysis.labels.get(callee) : undefined;
  if (!callee || !labels || labels.size === 0) return undefined;
  const name = calleeName(callee);
  const parameterName = (index: number): string => callee.parameters[index]?.name.getText() ?? `#${index}`;
  const args = call.arguments;
  if (mutant.operator === 'string-literal') {
    const index = args.findIndex((arg) => arg.getStart(sourceFile) === mutant.start && arg.getEnd() === mutant.end);
    return index >= 0 && labels.has(index) && !spreadBefore(args, index) ? { kind: 'text', callee: name, parameters: [parameterName(index)] } : undefined;
  }
  const first = labels.has(0);
  const second = labels.has(1);
  if (first && second) return { kind: 'text', callee: name, parameters: [parameterName(0), parameterName(1)] };
  if (first === second) return undefined;
  const label = args[first ? 0 : 1] as ts.Expression;
  const checked = first ? 1 : 0;
  if (!ts.isStringLiteral(label) && !ts.isNoSubstitutionTemplateLiteral(label)) return undefined;
  const next = nextStatement(call);
  return {
    kind: 'constant',
    callee: name,
    parameter: parameterName(checked),
    constant: label.getText(sourceFile),
    ...(next ? { next: { start: next.getStart(sourceFile), end: next.getEnd() } } : {}),
  };
}

/** The program over `texts` (no lib, no other file), and the label-only parameters of its functions. */
function analyse(texts: ReadonlyMap<string, string>): Analysis {
  const files = new Map([...texts].map(([file, text]) => [posix.join(VIRTUAL_ROOT, file), text] as const));
  const options: ts.CompilerOptions = {
    noLib: true,
    types: [],
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  host.fileExists = (file) => files.has(file);
  host.readFile = (file) => files.get(file);
  host.directoryExists = (dir) => dir === VIRTUAL_ROOT || dir.startsWith(`${VIRTUAL_ROOT}/`);
  host.getCurrentDirectory = () => VIRTUAL_ROOT;
  host.realpath = (file) => file;
  host.getSourceFile = (file, target) => {
    const text = files.get(file);
    return text === undefined ? undefined : ts.createSourceFile(file, text, target, true, ts.ScriptKind.TS);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const checker = program.getTypeChecker();
  const callees: Callee[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && (node as Callee).body) callees.push(node as Callee);
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  // The least fixed point: a parameter becomes label-only once all its uses are, which may take a callee found
  // label-only in an earlier round (validateNoNulEach hands its name on to validateNoNul). Recursion never makes one.
  const labels = new Map<Callee, Set<number>>(callees.map((callee) => [callee, new Set<number>()]));
  const uses = new Map(callees.map((callee) => [callee, callee.parameters.map((parameter) => usesOf(parameter, callee, checker))] as const));
  for (let changed = true; changed; ) {
    changed = false;
    for (const callee of callees) {
      const found = labels.get(callee) as Set<number>;
      (uses.get(callee) ?? []).forEach((list, index) => {
        if (found.has(index) || list === undefined || list.length === 0) return;
        if (list.every((use) => onlyLabels(use, callee, labels, checker))) {
          found.add(index);
          changed = true;
        }
      });
    }
  }
  return { program, checker, labels };
}

/**
 * Every place the body of `callee` reads `parameter`; undefined when that cannot be told (a destructured or rest
 * parameter), which never counts as label-only.
 */
function usesOf(parameter: ts.ParameterDeclaration, callee: Callee, checker: ts.TypeChecker): ts.Identifier[] | undefined {
  if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return undefined;
  const symbol = checker.getSymbolAtLocation(parameter.name);
  if (!symbol) return undefined;
  const name = parameter.name.text;
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node !== parameter.name && node.text === name) {
      // `{ name }` reads the parameter too, though the checker names the property there.
      const shorthand = ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node;
      if (shorthand || checker.getSymbolAtLocation(node) === symbol) found.push(node);
    }
    ts.forEachChild(node, visit);
  };
  // The other parameters' defaults may read it too.
  for (const other of callee.parameters) if (other !== parameter) visit(other);
  if (callee.body) visit(callee.body);
  return found;
}

/** Whether this use of a parameter of `callee` reaches only a thrown error or a label-only parameter of a callee. */
function onlyLabels(use: ts.Node, callee: Callee, labels: ReadonlyMap<Callee, ReadonlySet<number>>, checker: ts.TypeChecker): boolean {
  // A nested function may run after the call returned (a callback, a listener): what it does is not the refusal's,
  // unless an array method that calls it before returning is handed it.
  for (let around = use.parent; around && around !== callee; around = around.parent) {
    if (ts.isFunctionLike(around) && !calledBack(around, checker)) return false;
  }
  let node: ts.Node = use;
  while (node.parent && node.parent !== callee) {
    const parent: ts.Node = node.parent;
    if (ts.isThrowStatement(parent)) return true;
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(node as ts.Expression)) {
      const index = parent.arguments.indexOf(node as ts.Expression);
      const target = spreadBefore(parent.arguments, index) ? undefined : resolveCallee(parent, checker);
      if (target && labels.get(target)?.has(index)) return true;
    }
    node = parent;
  }
  return false;
}

/** Array methods that call their callback for each element before they return. */
const CALLING_BACK = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'reduce', 'reduceRight']);

/**
 * Whether `fn` is handed to one of those methods, called on a parameter or variable declared of an array type
 * (`values: readonly unknown[]`): then it runs, if at all, before the call around it returns.
 */
function calledBack(fn: ts.Node, checker: ts.TypeChecker): boolean {
  const call = fn.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[0] !== fn || !ts.isPropertyAccessExpression(call.expression)) return false;
  if (!CALLING_BACK.has(call.expression.name.text) || !ts.isIdentifier(call.expression.expression)) return false;
  const declaration = checker.getSymbolAtLocation(call.expression.expression)?.valueDeclaration;
  let type = declaration && (ts.isParameter(declaration) || ts.isVariableDeclaration(declaration)) ? declaration.type : undefined;
  if (type && ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword) type = type.type;
  return type !== undefined && ts.isArrayTypeNode(type);
}

/** The declaration a call or `new` resolves to (through imports), when it is a function of the program with a body. */
function resolveCallee(call: ts.CallExpression | ts.NewExpression, checker: ts.TypeChecker): Callee | undefined {
  const target = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
  let symbol = checker.getSymbolAtLocation(target);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    if (ts.isFunctionLike(declaration) && (declaration as Callee).body) return declaration as Callee;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer))) {
      return declaration.initializer;
    }
  }
  return undefined;
}

/** `validateString`, `Agent.createConnection`: how a message names a function. */
function calleeName(callee: Callee): string {
  const own = callee.name && (ts.isIdentifier(callee.name) || ts.isPrivateIdentifier(callee.name)) ? callee.name.text : undefined;
  const holder = callee.parent && ts.isVariableDeclaration(callee.parent) && ts.isIdentifier(callee.parent.name) ? callee.parent.name.text : undefined;
  const owner = ts.isClassLike(callee.parent) && callee.parent.name ? `${callee.parent.name.text}.` : '';
  return `${owner}${own ?? holder ?? '(anonymous)'}`;
}

function spreadBefore(args: ts.NodeArray<ts.Expression>, index: number): boolean {
  return args.slice(0, index + 1).some((arg) => ts.isSpreadElement(arg));
}

/** The call whose argument is exactly the mutant's edit (a string literal), if any. */
function callOfArgument(sourceFile: ts.SourceFile, mutant: Mutant): ts.CallExpression | ts.NewExpression | undefined {
  const literal = nodeSpanning(sourceFile, mutant.start, mutant.end);
  const parent = literal?.parent;
  return parent && (ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(literal as ts.Expression) ? parent : undefined;
}

/** The call whose first two arguments the swap exchanges. */
function callOfSwap(sourceFile: ts.SourceFile, mutant: Mutant): ts.CallExpression | ts.NewExpression | undefined {
  let found: ts.CallExpression | ts.NewExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found || node.getStart(sourceFile) > mutant.start || node.getEnd() < mutant.end) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments && node.arguments.length >= 2) {
      const [first, second] = node.arguments;
      if (first?.getStart(sourceFile) === mutant.start && second?.getEnd() === mutant.end) found = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The innermost node whose text is exactly [start, end). */
function nodeSpanning(sourceFile: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(sourceFile) > start || node.getEnd() < end) return;
    if (node.getStart(sourceFile) === start && node.getEnd() === end) found = node;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * The statement that runs next when `call` returns: the one after the statement holding it, climbing out of blocks,
 * `if`s and loops when it is their last (reaching what follows them means no call inside threw). None inside a `try`
 * (a refusal there is caught and the code goes on), past the function's end, or after a `return` or `throw`.
 */
function nextStatement(call: ts.Node): ts.Statement | undefined {
  let node: ts.Node = call;
  while (node.parent && !isStatementListHolder(node.parent)) {
    if (ts.isFunctionLike(node.parent) || ts.isTryStatement(node.parent)) return undefined;
    node = node.parent;
  }
  for (;;) {
    const holder = node.parent;
    if (!holder || ts.isReturnStatement(node) || ts.isThrowStatement(node)) return undefined;
    if (ts.isBlock(holder) || ts.isSourceFile(holder)) {
      const statements: readonly ts.Statement[] = holder.statements;
      const at = statements.indexOf(node as ts.Statement);
      const after = statements[at + 1];
      if (after) return after;
      if (ts.isSourceFile(holder)) return undefined;
      node = holder;
    } else if (ts.isIfStatement(holder) || ts.isIterationStatement(holder, false) || ts.isLabeledStatement(holder)) {
      node = holder;
    } else {
      // A function body, a `try`, a `switch` clause: what follows is not known from here.
      return undefined;
    }
    if (node.parent && (ts.isFunctionLike(node.parent) || ts.isTryStatement(node.parent))) return undefined;
  }
}

/** Nodes whose children are statements run in order, or that are statements themselves wrapping one. */
function isStatementListHolder(node: ts.Node): boolean {
  return ts.isBlock(node) || ts.isSourceFile(node) || ts.isIfStatement(node) || ts.isIterationStatement(node, false) || ts.isLabeledStatement(node) || ts.isCaseClause(node) || ts.isDefaultClause(node);
}
