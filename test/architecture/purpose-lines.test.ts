// Every TypeScript file under test/ opens with a line on what it proves (a helper: what it provides), after any
// `/// <reference>` directives, so the line cannot go missing again; fixtures (test/fixtures/, *.fixture.*) are exempt.
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const REFERENCE_DIRECTIVE = /^\/\/\/\s*<reference\b/;
/** A `//` comment with words in it: not a `///` directive, not an empty `//`. */
const COMMENT_WITH_TEXT = /^\/\/(?!\/)\s*\S/;
/** Comments addressed to tools, which say nothing of the file's role. */
const TOOL_COMMENT = /^\/\/\s*(@ts-|eslint-|prettier-ignore|c8 |istanbul )/;

/** Whether `text` opens with a purpose comment, once its `/// <reference>` directives are passed over. */
function opensWithPurpose(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let index = 0;
  while (REFERENCE_DIRECTIVE.test(lines[index] ?? '')) index++;
  const first = lines[index] ?? '';
  return COMMENT_WITH_TEXT.test(first) && !TOOL_COMMENT.test(first);
}

/** The TypeScript files under `dir` that are tests or their helpers, not fixtures, relative to the project root. */
function testSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (relative(ROOT, path).split(sep).join('/') !== 'test/fixtures') files.push(...testSources(path));
    } else if (/\.(ts|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.fixture.')) {
      files.push(relative(ROOT, path).split(sep).join('/'));
    }
  }
  return files.sort();
}

describe('purpose lines of the test files (STYLE.md: a module starts with one or two lines on its role)', () => {
  it('opens every test and test helper under test/ with a comment on what it proves or provides', () => {
    const files = testSources(join(ROOT, 'test'));
    expect(files.length, 'the scan found no test file: is it reading test/?').to.be.greaterThan(90);
    expect(files, 'the scan must see this very file').to.include('test/architecture/purpose-lines.test.ts');
    const without = files.filter((file) => !opensWithPurpose(readFileSync(join(ROOT, file), 'utf8')));
    expect(without, `${without.length} test file(s) open without a purpose line:\n  ${without.join('\n  ')}\n`).to.deep.equal([]);
  });

  it('takes a comment with words after any reference directives, and nothing else, for a purpose line', () => {
    expect(opensWithPurpose('// The reference rt:https over real TLS.\nimport x from "y";\n')).to.equal(true);
    expect(opensWithPurpose('/// <reference lib="dom" />\n/// <reference types="node" />\n// Drives the page.\n')).to.equal(true);
    expect(opensWithPurpose('import { expect } from "chai";\n// Says what it proves, too late.\n')).to.equal(false);
    expect(opensWithPurpose('/// <reference lib="dom" />\nimport x from "y";\n')).to.equal(false);
    expect(opensWithPurpose('/** A doc block is the first export\'s, not the file\'s. */\nexport const x = 1;\n')).to.equal(false);
    expect(opensWithPurpose('//\n// Text after an empty comment line.\n')).to.equal(false);
    expect(opensWithPurpose('// eslint-disable-next-line no-console\nconsole.log(1);\n')).to.equal(false);
    expect(opensWithPurpose('\n// After a blank line.\n')).to.equal(false);
    expect(opensWithPurpose('')).to.equal(false);
  });
});
