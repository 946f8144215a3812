// Reads what every source file exports and what each imports by name (the TypeScript parser, not a guess from text),
// to judge two things of docs/architecture.md: an export is part of the library API or imported by another source
// file (tests do not count), and the CLI takes from the library entry what the library exports.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import ts from 'typescript5';
import { ALLOWED_IMPORTS, reachable, sourceFiles } from './import-graph.js';

/** The library entry: its exports are the API, and whatever it re-exports counts as used. */
export const LIBRARY_ENTRY = 'lib/index.ts';

/** The layers whose exports are checked: the code the package ships (not the benchmarks, scripts or tests). */
export const SHIPPED_LAYERS = ['io', 'spec', 'reference', 'results', 'conformance', 'runners', 'reports', 'mutation', 'lib', 'cli'] as const;

/**
 * Files whose exports are read by something other than an import of ours, and by what: they need no importer.
 */
export const EXPORTS_READ_ELSEWHERE: Readonly<Record<string, string>> = {
  'reference/querystring.ts': "the reference's public module: its exports are the interface the spec defines, which every candidate is judged on",
  'reference/child_process.ts': "the reference's public module: its exports are the interface the spec defines, which every candidate is judged on",
  'reference/https.ts': "the reference's public module: its exports are the interface the spec defines, which every candidate is judged on",
  'runners/agent/worker-main.ts': "the Worker agent's entry, bundled by path: workerd calls its default export",
  'runners/agent/page-node-builtins.ts': "stands in for Node's builtins in the page bundle (build-page-agent.ts maps them to it): its exports are theirs",
  'runners/agent/page-candidate-modules.ts': 'stands in for load-candidate-modules.ts in the page bundle: it exports what that file exports',
  'runners/agent/bare-supplements.ts': "the Bare agent's shims require it by path (builtin-table.ts) and call its supplement",
};

/** A file's names taken from another file: `*` for all of them (a namespace or dynamic import, `export *`). */
export interface NamedImport {
  readonly from: string;
  /** The importing file, relative to the root, `/`-separated. */
  readonly file: string;
  /** The target file (resolved), relative to the root. */
  readonly target: string;
  /** The name as the target exports it, or `*`. */
  readonly name: string;
  /** A re-export (`export { x } from`, `export * from`): the importing file passes the name on. */
  readonly reExport: boolean;
}

export interface ExportGraph {
  /** Every file read → the names it exports (declared or re-exported). */
  readonly exports: ReadonlyMap<string, ReadonlySet<string>>;
  readonly imports: readonly NamedImport[];
  /**
   * Exported types (interfaces, type aliases) that their own file uses beside declaring them: the shape of something
   * else it exports (a parameter, a result), which a caller may have to name. They need no importer.
   */
  readonly shapes?: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * Reads the export graph of the sources under `root`: the layers of ALLOWED_IMPORTS (the benchmarks and scripts
 * import too) and the library. A script that loads a source by its path (`tsImport('reports/x.ts')`) takes all of it.
 */
export function exportGraph(root: string): ExportGraph {
  const exports = new Map<string, Set<string>>();
  const shapes = new Map<string, Set<string>>();
  const imports: NamedImport[] = [];
  const folders = [...new Set([...Object.keys(ALLOWED_IMPORTS), ...SHIPPED_LAYERS])];
  for (const folder of folders) {
    for (const path of sourceFiles(join(root, folder))) {
      const file = toPosix(relative(root, path));
      const read = readFile(root, file);
      exports.set(file, read.exports);
      shapes.set(file, read.shapes);
      imports.push(...read.imports);
    }
  }
  return { exports, imports, shapes };
}

/**
 * The exports that are neither the library's API nor imported by another source file, each as one line naming the
 * export and its file, and what to do.
 */
export function unusedExports(graph: ExportGraph, layers: readonly string[] = SHIPPED_LAYERS): string[] {
  const used = new Set<string>();
  const whole = new Set<string>();
  for (const item of graph.imports) {
    if (item.file === item.target) continue;
    if (item.name === '*') whole.add(item.target);
    else used.add(`${item.target}\u0000${item.name}`);
  }
  const unused: string[] = [];
  for (const [file, names] of graph.exports) {
    if (file === LIBRARY_ENTRY || file in EXPORTS_READ_ELSEWHERE || !layers.includes(file.split('/')[0] ?? '') || whole.has(file)) continue;
    for (const name of names) {
      if (used.has(`${file}\u0000${name}`) || graph.shapes?.get(file)?.has(name)) continue;
      unused.push(`${file}: export ${name} is imported by no other source file and is not in the library API (${LIBRARY_ENTRY}): stop exporting it, or use it`);
    }
  }
  return unused.sort();
}

/**
 * Imports of the CLI (outside `exempt`) of a name the library entry exports from the same file: the CLI is built on
 * the library, so such a name comes through the entry.
 */
export function cliImportsPastLibrary(graph: ExportGraph, exempt: ReadonlySet<string>): string[] {
  const api = new Set(graph.imports.filter((item) => item.file === LIBRARY_ENTRY && item.reExport).map((item) => `${item.target}\u0000${item.name}`));
  return graph.imports
    .filter((item) => item.file.startsWith('cli/') && !exempt.has(item.file) && !item.target.startsWith('lib/') && api.has(`${item.target}\u0000${item.name}`))
    .map((item) => `${item.file}: imports ${item.name} from ${item.target}, which the library entry exports: import it from ${LIBRARY_ENTRY}`)
    .sort();
}

/** The files reached from `entries` by static imports (type-only ones included), the entries too. */
export function staticClosure(graph: ExportGraph, entries: readonly string[]): Set<string> {
  const byFile = new Map<string, string[]>();
  for (const item of graph.imports) if (item.from !== 'dynamic') byFile.set(item.file, [...(byFile.get(item.file) ?? []), item.target]);
  return reachable(entries, (file) => byFile.get(file) ?? []);
}

function readFile(root: string, file: string): { exports: Set<string>; shapes: Set<string>; imports: NamedImport[] } {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const exports = new Set<string>();
  const shapes = new Set<string>();
  const imports: NamedImport[] = [];
  const target = (specifier: string): string | undefined => resolveSource(root, file, specifier);
  const take = (specifier: string, name: string, reExport: boolean, from = 'static'): void => {
    const resolved = target(specifier);
    if (resolved) imports.push({ from, file, target: resolved, name, reExport });
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!clause) continue;
      if (clause.name) take(specifier, 'default', false);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) take(specifier, '*', false);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) take(specifier, (element.propertyName ?? element.name).text, false);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        // export * from './x': every name of x passes through; x's names count as used, this file declares none.
        if (specifier) take(specifier, '*', true);
        continue;
      }
      if (ts.isNamespaceExport(clause)) {
        exports.add(clause.name.text);
        if (specifier) take(specifier, '*', true);
        continue;
      }
      for (const element of clause.elements) {
        exports.add(element.name.text);
        if (specifier) take(specifier, (element.propertyName ?? element.name).text, true);
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      exports.add('default');
      continue;
    }
    for (const name of declaredExports(statement)) {
      exports.add(name);
      if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && usedBeside(source, statement.name)) shapes.add(name);
    }
  }
  // Dynamic imports, `typeof import('./x')`, and (in scripts and benchmarks) sources loaded by their path.
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) for (const name of dynamicNames(node)) take(argument.text, name, false, 'dynamic');
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      take(node.argument.literal.text, '*', false);
    } else if (ts.isStringLiteralLike(node) && /^(scripts|bench)\//.test(file) && /^[a-z-]+\/[\w/.-]+\.m?ts$/.test(node.text) && existsSync(join(root, node.text))) {
      imports.push({ from: 'dynamic', file, target: node.text, name: '*', reExport: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exports, shapes, imports };
}

/**
 * The names a dynamic `import()` takes: those destructured from it (`const { a } = await import(…)`, also through
 * `Promise.all([import(…), …])`) or read off it (`(await import(…)).a`); `*` when it cannot tell.
 */
function dynamicNames(call: ts.CallExpression): string[] {
  let node: ts.Node = call;
  let index: number | undefined;
  // import(…) inside Promise.all([…]): remember its position in the array.
  if (ts.isArrayLiteralExpression(node.parent) && ts.isCallExpression(node.parent.parent) && node.parent.parent.expression.getText() === 'Promise.all') {
    index = node.parent.elements.indexOf(call as ts.Expression);
    node = node.parent.parent;
  }
  if (!ts.isAwaitExpression(node.parent)) return ['*'];
  const awaited = node.parent;
  if (ts.isVariableDeclaration(awaited.parent)) {
    let pattern: ts.BindingName = awaited.parent.name;
    if (index !== undefined) {
      if (!ts.isArrayBindingPattern(pattern)) return ['*'];
      const element = pattern.elements[index];
      if (!element || ts.isOmittedExpression(element)) return [];
      pattern = element.name;
    }
    if (!ts.isObjectBindingPattern(pattern) || pattern.elements.some((element) => element.dotDotDotToken)) return ['*'];
    return pattern.elements.map((element) => (element.propertyName ?? element.name).getText());
  }
  if (index === undefined && ts.isParenthesizedExpression(awaited.parent) && ts.isPropertyAccessExpression(awaited.parent.parent)) return [awaited.parent.parent.name.text];
  return ['*'];
}

/** The names a statement declares with `export` (default exports as `default`). */
function declaredExports(statement: ts.Statement): string[] {
  const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
  if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
  if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return ['default'];
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  const named = statement as ts.Statement & { readonly name?: ts.Node };
  return named.name && (ts.isIdentifier(named.name) || ts.isStringLiteral(named.name)) ? [named.name.text] : [];
}

/** Whether `name` is referred to anywhere in `source` besides where it is declared. */
function usedBeside(source: ts.SourceFile, name: ts.Identifier): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node !== name && node.text === name.text) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** A relative specifier resolved to a source file of ours (`./x.js` is `./x.ts`), else undefined (a package). */
function resolveSource(root: string, file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = normalize(join(root, dirname(file), specifier));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), base, `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate) && /\.(ts|mts|cts|mjs|js)$/.test(candidate));
  return found && toPosix(relative(root, found));
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}
