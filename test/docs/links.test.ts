// The README and the pages of docs/ link only to what exists: every relative link or picture names a file of the
// checkout, and every #fragment a heading of the page it points to. Moving a section from one page to another, or
// renaming a heading, fails this until every link follows.
import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { docPages } from '../../scripts/docs-figures.mjs';
import { ROOT } from '../cli/run-cli.js';

/** The link targets of a Markdown text (links and pictures), outside fenced blocks. */
function linkTargets(markdown: string): string[] {
  const unfenced = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...unfenced.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** The fragment GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1] ?? '')));
}

/** What a page links to that is not there: `target (in page)`. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(readFileSync(page, 'utf8'))) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [path = '', fragment] = target.split('#');
    const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
    const where = `${target} (in ${relative(ROOT, page)})`;
    if (!existsSync(file)) {
      broken.push(where);
      continue;
    }
    if (fragment !== undefined && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(file).has(fragment)) broken.push(where);
  }
  return broken;
}

describe('the README and docs/ link to what exists', () => {
  it('has a file for every relative link and picture, and a heading for every fragment', () => {
    const pages = docPages();
    expect(pages.map((page) => relative(ROOT, page))).to.include.members(['README.md', join('docs', 'cli.md'), join('docs', 'rules.md')]);
    const targets = pages.flatMap((page) => linkTargets(readFileSync(page, 'utf8')));
    expect(targets.length, 'the extractor found no link: is it reading the pages?').to.be.greaterThan(40);
    expect(pages.flatMap(brokenLinks)).to.deep.equal([]);
  });

  it('reads headings as GitHub makes their fragments', () => {
    expect(slug('Dating a change: `rtconf bisect`')).to.equal('dating-a-change-rtconf-bisect');
    expect(slug("The suite's own strength: `rtconf mutate`")).to.equal('the-suites-own-strength-rtconf-mutate');
    expect(slug('Can I use it? Per-API state, links, history and data')).to.equal('can-i-use-it-per-api-state-links-history-and-data');
    expect(linkTargets('a [x](docs/a.md#b) ![p](p.png)\n```\n[no](fenced.md)\n```\n')).to.deep.equal(['docs/a.md#b', 'p.png']);
  });
});
