// The package ships what it names: every path of ours that a help text or a message of the shipped code points a user
// to (`docs/runtimes.md`, `expectations/node-20.json`, `examples/adapter.mjs`, a schema) is in the tarball `npm pack`
// makes. The paths are found mechanically, in the string literals of the shipped sources and in the help output, so a
// message that starts naming a new file fails this until the file ships (package.json `files`).
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript5';
import { generalHelp, verbHelp } from '../../cli/help.js';
import { VERBS, type VerbName } from '../../cli/verbs.js';
import { ROOT } from '../cli/run-cli.js';

/** The layers compiled into dist/, whose strings reach users as help, messages and reports. */
const SHIPPED_LAYERS = ['cli', 'io', 'spec', 'results', 'conformance', 'runners', 'reports', 'mutation'];

/**
 * A path of the package a user is sent to: under the folders of documents and data we ship, or a published schema.
 * Placeholders and globs (`expectations/<runtime>.json`, `runs/*`) are kept whole, so they are found and refused:
 * a help text should name a real file.
 */
const NAMED_PATH = /(?<![\w./:-])(?:(?:docs|expectations|examples|spec)\/[\w.\-/*<>]*|[\w./-]+\.schema\.json)/g;

/** Our TypeScript sources: a message naming one (`spec/apis.ts does not list …`) speaks to a contributor, in a checkout. */
const SOURCE_FILE = /\.[cm]?ts$/;

/** The paths a text names, without the sentence's closing punctuation or a page anchor; sources left out. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(NAMED_PATH)].map((match) => match[0].replace(/[.,;:]+$/, '').replace(/#.*$/, '')).filter((path) => !SOURCE_FILE.test(path));
}

/** Every string literal and template chunk of a TypeScript source: the text it can print. Comments are not read. */
function stringsOf(fileName: string, code: string): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) strings.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false));
  return strings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === 'fixtures' || entry.name === 'node_modules' ? [] : sourceFiles(join(dir, entry.name));
    return /\.[cm]?ts$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/**
 * Whether the tarball holds `path`: the file itself, for a folder (`expectations/`) some file in it, and for a bare
 * file name (a schema the code loads by `join(packageRoot(), 'results', 'mutation.schema.json')`) a file of that name.
 */
function ships(files: ReadonlySet<string>, path: string): boolean {
  if (files.has(path)) return true;
  const folder = path.endsWith('/') ? path : `${path}/`;
  if ([...files].some((file) => file.startsWith(folder))) return true;
  return !path.includes('/') && [...files].some((file) => file.endsWith(`/${path}`));
}

describe('the package ships what it names', function () {
  this.timeout(120_000);

  it('has in its tarball every path a help text or a message of the shipped code names', async () => {
    // --ignore-scripts: the list, not a build (prepack builds dist/, which this does not look at).
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const packed = (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
    const files = new Set(packed);
    const named = new Map<string, string>();
    for (const layer of SHIPPED_LAYERS) {
      for (const file of sourceFiles(join(ROOT, layer))) {
        for (const text of stringsOf(file, readFileSync(file, 'utf8'))) for (const path of namedPaths(text)) named.set(path, file.slice(ROOT.length));
      }
    }
    for (const [text, where] of [[generalHelp(), 'rtconf --help'], ...Object.keys(VERBS).map((verb) => [verbHelp(verb as VerbName), `rtconf help ${verb}`])] as const) {
      for (const path of namedPaths(text)) named.set(path, where);
    }
    // The ones we know are named; finding them proves the scan reads what users read.
    for (const known of ['docs/runtimes.md', 'expectations/', 'expectations/node-20.json', 'reports/export.schema.json']) expect([...named.keys()], known).to.include(known);
    const missing = [...named].filter(([path]) => !ships(files, path)).map(([path, where]) => `${path} (named in ${where})`);
    expect(missing, 'named but not in the tarball: add them to package.json "files", or name what ships').to.deep.equal([]);
  });

  it('finds paths in strings only, as a reader of a message would, and knows a folder by its files', () => {
    const code = ["// see docs/internal.md", "const a = 'see docs/runtimes.md.';", 'const b = `gate with ${flag} expectations/node-20.json, or see docs/runtimes.md#workerd`;'].join('\n');
    expect(stringsOf('x.ts', code).flatMap(namedPaths)).to.deep.equal(['docs/runtimes.md', 'expectations/node-20.json', 'docs/runtimes.md']);
    expect(namedPaths('read reports/export.schema.json, not ./docs/x.md or https://example.com/docs/y')).to.deep.equal(['reports/export.schema.json']);
    expect(namedPaths('a case declares an API spec/apis.ts does not list; see spec/rt-library-interface.md')).to.deep.equal(['spec/rt-library-interface.md']);
    const files = new Set(['expectations/node-20.json', 'docs/runtimes.md']);
    expect(ships(files, 'expectations/')).to.equal(true);
    expect(ships(files, 'expectations')).to.equal(true);
    expect(ships(files, 'docs/rules.md')).to.equal(false);
    expect(ships(files, 'docs/conformance/runs/*/results.json')).to.equal(false);
    expect(ships(new Set(['results/results.schema.json']), 'results.schema.json')).to.equal(true);
    expect(ships(new Set(['results/results.schema.json']), 'mutation.schema.json')).to.equal(false);
  });
});
