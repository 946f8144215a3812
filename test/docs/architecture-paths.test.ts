// docs/architecture.md names only what exists: every backticked path resolves to a file or folder of the checkout, and
// every backticked code symbol occurs in the sources, so a file moved or renamed makes this fail until the page follows.
//
// The rule, kept simple so a writer can follow it:
// - A token is an inline code span (`…`) outside fenced blocks. It is a path when it is made of letters, digits,
//   `_ . - /` only, does not start with `.` (`./adapter.mjs` is a user's file, not ours), and contains `/` or ends in
//   .ts, .mts, .mjs or .json. It resolves when it exists relative to the root, or relative to a folder named earlier in
//   the same block (a table row, or a paragraph or list between blank lines): a named folder, or the folder of a named
//   file. So a layer's row may write `apis.ts` after `spec/`, and a paragraph `channel.ts` after `runners/agent/…`.
// - A token is a symbol when it is an identifier, dotted or called (`isFailing(status)`, `ctx.fixtures.trustedServer()`),
//   and each of its parts that holds a capital letter or `_` (`trustedServer`, `PAGE_MAP`, not `ctx`) must occur as a
//   whole word in some TypeScript or JavaScript file of the checkout (tests included: the layer rules live there).
import { expect } from 'chai';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOWED_IMPORTS, ONLY_THROUGH, PAGE_LAYERS } from '../architecture/import-graph.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = 'docs/architecture.md';

/** A backticked token of the page and the block it stands in. */
interface Token {
  readonly text: string;
  /** 1-based line of the page where the token starts. */
  readonly line: number;
  /** Index of its block (table row or paragraph), so bare names resolve only against their own block. */
  readonly block: number;
}

const PATH_CHARS = /^[A-Za-z0-9_][\w.\-/]*$/;
const PATH_END = /\.(ts|mts|mjs|json)$/;
const SYMBOL = /^\$?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\([^)]*\))?$/;
const SOURCE_FILE = /\.(ts|mts|cts|mjs|cjs|js)$/;
/** Folders with no sources of ours, or too large to read for nothing. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'docs', 'expectations']);

/** The inline code spans of a Markdown text, each with its line and block; fenced blocks are left out. */
function tokensOf(markdown: string): Token[] {
  const tokens: Token[] = [];
  let block = 0;
  let inBlock = false;
  let fenced = false;
  let text = '';
  let start = 0;
  const flush = (): void => {
    for (const match of text.matchAll(/`([^`]+)`/g)) {
      const before = text.slice(0, match.index);
      tokens.push({ text: match[1] ?? '', line: start + (before.match(/\n/g)?.length ?? 0), block });
    }
    text = '';
    if (inBlock) block++;
    inBlock = false;
  };
  markdown.split('\n').forEach((line, index) => {
    if (line.trimStart().startsWith('```')) {
      flush();
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const tableRow = line.trimStart().startsWith('|');
    if (line.trim() === '' || line.startsWith('#') || tableRow) flush();
    if (line.trim() === '') return;
    if (!inBlock) start = index + 1;
    text += `${line}\n`;
    inBlock = true;
    if (line.startsWith('#') || tableRow) flush();
  });
  flush();
  return tokens;
}

/** Whether a token names a path by the rule above. */
function isPathToken(text: string): boolean {
  return PATH_CHARS.test(text) && (text.includes('/') || PATH_END.test(text));
}

/** The identifiers of a symbol token that must be found in the sources; none for a token that is not a symbol. */
function symbolParts(text: string): string[] {
  if (isPathToken(text)) return [];
  const match = SYMBOL.exec(text);
  if (!match) return [];
  return (match[1] ?? '').split('.').filter((part) => /[A-Z_]/.test(part));
}

/** The path tokens of the page that resolve neither from the root nor from a folder named earlier in their block. */
function missingPaths(markdown: string, root: string): string[] {
  const missing: string[] = [];
  const bases = new Map<number, string[]>();
  for (const token of tokensOf(markdown)) {
    if (!isPathToken(token.text)) continue;
    const known = bases.get(token.block) ?? [''];
    const found = known.map((base) => base + token.text).find((path) => existsSync(join(root, path)));
    if (found === undefined) {
      missing.push(`${token.text} (line ${token.line})`);
      continue;
    }
    const folder = statSync(join(root, found)).isDirectory() ? found.replace(/\/?$/, '/') : found.replace(/[^/]*$/, '');
    if (!known.includes(folder)) bases.set(token.block, [...known, folder]);
  }
  return missing;
}

/** Every TypeScript and JavaScript file under `dir`, read as one text. */
function sourceText(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) text += sourceText(join(dir, entry.name));
    } else if (SOURCE_FILE.test(entry.name)) {
      text += `${readFileSync(join(dir, entry.name), 'utf8')}\n`;
    }
  }
  return text;
}

/** The symbol parts of the page that occur as a whole word nowhere in `sources`. */
function missingSymbols(markdown: string, sources: string): string[] {
  const missing = new Set<string>();
  for (const token of tokensOf(markdown)) {
    for (const part of symbolParts(token.text)) {
      if (!new RegExp(`(?<![\\w$])${part}(?![\\w$])`).test(sources)) missing.add(`${part} (line ${token.line})`);
    }
  }
  return [...missing];
}

/** The layer table's rows: each layer's folder name and its "may import" cell. */
function layerRows(markdown: string): Map<string, string> {
  return new Map([...markdown.matchAll(/^\| `([\w-]+)\/` \|.*\|([^|\n]*)\|$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

/** The layers a "may import" cell allows: its backticked names before any remark, in parentheses or after `;`. */
function mayImport(cell: string): string[] {
  const head = cell.split(/[(;]/)[0] ?? '';
  return [...head.matchAll(/`([\w-]+)`/g)].map((match) => match[1] ?? '');
}

describe('docs/architecture.md names only what exists', () => {
  const page = readFileSync(join(ROOT, DOC), 'utf8');

  it('names a path that exists for every backticked path of the page', () => {
    const paths = tokensOf(page).filter((token) => isPathToken(token.text));
    expect(paths.length, 'the extractor found no path: is it reading the page?').to.be.greaterThan(150);
    expect(missingPaths(page, ROOT)).to.deep.equal([]);
  });

  it('names a symbol that occurs in the sources for every backticked symbol of the page', () => {
    const symbols = tokensOf(page).flatMap((token) => symbolParts(token.text));
    expect(symbols.length, 'the extractor found no symbol: is it reading the page?').to.be.greaterThan(30);
    expect(missingSymbols(page, sourceText(ROOT))).to.deep.equal([]);
  });

  it('gives every layer of the layer test a row, and the tests one, and no other folder', () => {
    expect([...layerRows(page).keys()]).to.deep.equal([...Object.keys(ALLOWED_IMPORTS), 'test']);
  });

  it('says in each row what the layer test allows: its layers, the files a pair is narrowed to, the page bundle', () => {
    const rows = layerRows(page);
    for (const [layer, allowed] of Object.entries(ALLOWED_IMPORTS)) {
      expect(mayImport(rows.get(layer) ?? ''), layer).to.have.members([...allowed]);
    }
    for (const rule of ONLY_THROUGH) {
      for (const file of rule.files) expect(rows.get(rule.from), `${rule.from} → ${rule.target}`).to.contain(`only through \`${file}\``);
    }
    for (const prefix of PAGE_LAYERS) expect(rows.get('reports'), prefix).to.contain(`\`${prefix}\``);
  });
});

describe('the architecture page’s path and symbol extractor', () => {
  it('takes inline code spans outside fenced blocks, with their lines and blocks', () => {
    const text = ['one `a/b.ts` and', '`c.json` here', '', '```', '`fenced/x.ts`', '```', '| `d/` | `e.ts` |', '| `f/` | x |'].join('\n');
    expect(tokensOf(text)).to.deep.equal([
      { text: 'a/b.ts', line: 1, block: 0 },
      { text: 'c.json', line: 2, block: 0 },
      { text: 'd/', line: 7, block: 1 },
      { text: 'e.ts', line: 7, block: 1 },
      { text: 'f/', line: 8, block: 2 },
    ]);
  });

  it('calls a token a path by its characters and its ending, and leaves specs, commands and symbols alone', () => {
    for (const path of ['io/', 'runners/agent/channel.ts', 'apis.ts', 'mutation.schema.json', 'scripts/certify.mjs', 'docs-figures.mts']) {
      expect(isPathToken(path), path).to.equal(true);
    }
    for (const other of ['./adapter.mjs', 'npm:PACKAGE[=MODULE]', 'runtime:/path/to/binary', '// beyond-spec: KEY', 'isFailing(status)', 'page.evaluate', '$RTCONF_CHROMIUM', 'fail → na']) {
      expect(isPathToken(other), other).to.equal(false);
    }
  });

  it('takes the capitalised or underscored parts of a symbol token, and nothing of a path or a phrase', () => {
    expect(symbolParts('isFailing(status)')).to.deep.equal(['isFailing']);
    expect(symbolParts('ctx.fixtures.trustedServer()')).to.deep.equal(['trustedServer']);
    expect(symbolParts('$RTCONF_CHROMIUM')).to.deep.equal(['RTCONF_CHROMIUM']);
    expect(symbolParts('PAGE_MAP')).to.deep.equal(['PAGE_MAP']);
    expect(symbolParts('kill')).to.deep.equal([]);
    expect(symbolParts('resolve(spec) → Runner')).to.deep.equal([]);
    expect(symbolParts('results/status.ts')).to.deep.equal([]);
  });

  it('reads a layer row\'s "may import" cell as its backticked layers, leaving out remarks', () => {
    const rows = layerRows(['| layer | holds | may import |', '|---|---|---|', '| `runners/` | x (`a/`) | `io`, `reference` (only through `runners/reference-modules.ts`) |', '| `cli/` | y | `io`; not `bench` |'].join('\n'));
    expect([...rows.keys()]).to.deep.equal(['runners', 'cli']);
    expect(mayImport(rows.get('runners') ?? '')).to.deep.equal(['io', 'reference']);
    expect(mayImport(rows.get('cli') ?? '')).to.deep.equal(['io']);
  });

  describe('against a checkout of its own', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'rtconf-architecture-paths-'));
      mkdirSync(join(root, 'runners', 'agent'), { recursive: true });
      mkdirSync(join(root, 'spec'));
      writeFileSync(join(root, 'runners', 'agent', 'channel.ts'), 'export interface AgentChannel {}\n');
      writeFileSync(join(root, 'runners', 'agent', 'protocol.ts'), '');
      writeFileSync(join(root, 'spec', 'apis.ts'), '');
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const page = ['| `spec/` | the exports (`apis.ts`) |', '', 'The channel (`runners/agent/channel.ts`, `AgentChannel`) and its frames (`protocol.ts`).'].join('\n');

    it('resolves paths from the root and bare names from a folder named earlier in their block', () => {
      expect(missingPaths(page, root)).to.deep.equal([]);
    });

    it('reports a named file once it is removed', () => {
      rmSync(join(root, 'runners', 'agent', 'protocol.ts'));
      expect(missingPaths(page, root)).to.deep.equal(['protocol.ts (line 3)']);
    });

    it('does not resolve a bare name against a folder named in another block', () => {
      expect(missingPaths('`runners/agent/channel.ts`\n\nthen `protocol.ts`', root)).to.deep.equal(['protocol.ts (line 3)']);
    });

    it('reports a symbol that no source holds', () => {
      expect(missingSymbols(page, sourceText(root))).to.deep.equal([]);
      expect(missingSymbols('the `AgentHost` of it', sourceText(root))).to.deep.equal(['AgentHost (line 1)']);
    });
  });
});
