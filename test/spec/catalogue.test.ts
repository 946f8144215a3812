// Checks the rule catalogue as data: ids, levels, versions, sections and titles, against the spec text when present.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { defineRules, MODULES, rules, type Platform } from '../../spec/index.js';

/** The spec, kept in the repository beside the catalogue (and shipped in the package). */
const SPEC_PATH = process.env['RTCONF_SPEC_MD'] ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../spec/rt-library-interface.md');

const PLATFORMS: readonly Platform[] = ['win32', 'posix', 'no-crypto'];
const ID_PATTERN = /^[a-z_]+(\.[A-Za-z0-9_-]+)+$/;
const PART_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SEMVER_PATTERN = /^v\d+\.\d+\.\d+$/;
/** Longest run of consecutive words a title may share with the spec before it counts as copied prose. */
const MAX_SHARED_WORDS = 7;

function readSpec(): string | undefined {
  return existsSync(SPEC_PATH) ? readFileSync(SPEC_PATH, 'utf8') : undefined;
}

/**
 * Every section a rule may cite: the path of `##`..`######` headings joined with ' › ' (the `#` title is the
 * document itself), plus that path followed by a paragraph label such as `Rules:` found directly under it.
 */
function sectionPaths(markdown: string): Set<string> {
  const paths = new Set<string>();
  const stack: string[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,6})\s+(.+?)\s*$/.exec(line);
    if (heading?.[1] !== undefined && heading[2] !== undefined) {
      stack.length = heading[1].length - 2;
      stack.push(heading[2]);
      paths.add(stack.join(' › '));
      continue;
    }
    const label = /^([A-Z][A-Za-z ]*):\s*$/.exec(line);
    if (label?.[1] !== undefined && stack.length > 0) paths.add([...stack, label[1]].join(' › '));
  }
  return paths;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** Word windows of the spec, to find titles that repeat a long stretch of its prose verbatim. */
function windows(text: string, size: number): Set<string> {
  const list = words(text);
  const set = new Set<string>();
  for (let i = 0; i + size <= list.length; i += 1) set.add(list.slice(i, i + size).join(' '));
  return set;
}

/** Skips a check that needs the spec text, saying why in the reported title. */
function skipWithoutSpec(context: Mocha.Context): never {
  if (context.test !== undefined) context.test.title += ` (skipped: spec text not found at ${SPEC_PATH}; set RTCONF_SPEC_MD)`;
  context.skip();
}

describe('rule catalogue', () => {
  it('gives every rule a unique, well-formed id prefixed by its module', () => {
    const seen = new Set<string>();
    for (const rule of rules) {
      expect(seen.has(rule.id), `duplicate id ${rule.id}`).to.equal(false);
      seen.add(rule.id);
      expect(rule.id, rule.id).to.match(ID_PATTERN);
      expect(MODULES, rule.id).to.include(rule.module);
      expect(rule.id.startsWith(`${rule.module}.`), `${rule.id} is not prefixed by ${rule.module}`).to.equal(true);
      for (const part of rule.id.split('.').slice(1)) expect(part, `${rule.id}: part ${part}`).to.match(PART_PATTERN);
    }
  });

  it('explains every informative rule, and a normative one only with its reading of the spec', () => {
    for (const rule of rules) {
      if (rule.level === 'informative') {
        expect(rule.why?.trim() ?? '', `${rule.id} lacks why`).to.not.equal('');
      } else {
        expect(rule.level, rule.id).to.equal('normative');
        // A normative rule's why records how it reads a vague statement and where that reading comes from.
        if (rule.why !== undefined) expect(rule.why.trim(), `${rule.id} has an empty why`).to.not.equal('');
      }
    }
  });

  it('writes since as a v<major>.<minor>.<patch> release', () => {
    for (const rule of rules) if (rule.since !== undefined) expect(rule.since, rule.id).to.match(SEMVER_PATTERN);
  });

  it('limits platforms to known families without repeats', () => {
    for (const rule of rules) {
      if (rule.platforms === undefined) continue;
      expect(rule.platforms.length, rule.id).to.be.greaterThan(0);
      expect(new Set(rule.platforms).size, rule.id).to.equal(rule.platforms.length);
      for (const platform of rule.platforms) expect(PLATFORMS, rule.id).to.include(platform);
    }
  });

  it('has at least 150 rules, and at least 30 per module', () => {
    expect(rules.length).to.be.at.least(150);
    for (const module of MODULES) expect(rules.filter((rule) => rule.module === module).length, module).to.be.at.least(30);
  });

  it('states every rule as a distinct sentence', () => {
    const seen = new Set<string>();
    for (const rule of rules) {
      const title = rule.title.trim();
      expect(title, rule.id).to.match(/\.$/);
      expect(words(title).length, `${rule.id}: title too short`).to.be.at.least(4);
      expect(seen.has(title.toLowerCase()), `duplicate title: ${title}`).to.equal(false);
      seen.add(title.toLowerCase());
    }
  });

  it('cites a section that is a heading path of the spec', function () {
    const spec = readSpec();
    if (spec === undefined) skipWithoutSpec(this);
    const paths = sectionPaths(spec ?? '');
    expect(paths.size, 'no headings found in the spec').to.be.greaterThan(10);
    for (const rule of rules) expect(paths.has(rule.section), `${rule.id}: unknown section "${rule.section}"`).to.equal(true);
  });

  it('takes every since value from a release the spec mentions', function () {
    const spec = readSpec();
    if (spec === undefined) skipWithoutSpec(this);
    for (const rule of rules) {
      if (rule.since !== undefined) expect(spec ?? '', `${rule.id}: ${rule.since}`).to.include(rule.since);
    }
  });

  it('words titles itself instead of copying long stretches of the spec', function () {
    const spec = readSpec();
    if (spec === undefined) skipWithoutSpec(this);
    const specWindows = windows(spec ?? '', MAX_SHARED_WORDS + 1);
    const copied = rules.filter((rule) => [...windows(rule.title, MAX_SHARED_WORDS + 1)].some((w) => specWindows.has(w)));
    expect(copied.map((rule) => rule.id)).to.deep.equal([]);
  });
});

describe('defineRules', () => {
  it('gives each rule of a module file its module', () => {
    const [rule] = defineRules('https', [{ id: 'https.x.y', section: 'S', title: 'T', level: 'normative' }]);
    expect(rule?.module).to.equal('https');
  });

  it('refuses, when the file loads, a rule whose id names another module', () => {
    expect(() => defineRules('https', [{ id: 'querystring.x.y', section: 'S', title: 'T', level: 'normative' }])).to.throw(/"querystring\.x\.y" is declared among the https rules/);
  });
});
