// How a module's cases are cut into chunks for the case ↔ code map's workers (mutation/coverage-chunks.ts):
// contiguous, in order, never inside a run of one topic, balanced by durations when given, by count otherwise, a small
// set whole, at most MAX_CHUNKS_PER_MODULE, and always the same chunks for the same list.
import { expect } from 'chai';
import { coverageChunks, type ChunkedCase } from '../../mutation/coverage-chunks.js';

// The file's constants, as its comments give them (a change there is a change of behaviour these tests name).
const CASES_PER_CHUNK = 45;
const EXPECTED_MS_PER_CHUNK = 8_000;
const MAX_CHUNKS_PER_MODULE = 4;
const MIN_CASES_PER_CHUNK = 12;

/** `count` cases of one topic, `child_process.TOPIC.case-N`. */
function topic(name: string, count: number): ChunkedCase[] {
  return Array.from({ length: count }, (_, index) => ({ id: `child_process.${name}.case-${index}` }));
}

/** The topic (`module.topic`) of a case id. */
function topicOf(meta: ChunkedCase): string {
  return meta.id.split('.').slice(0, 2).join('.');
}

/** Durations by id: every case of each named topic takes that many milliseconds. */
function durationsOf(byTopic: Record<string, readonly ChunkedCase[]>, ms: Record<string, number>): Map<string, number> {
  const durations = new Map<string, number>();
  for (const [name, list] of Object.entries(byTopic)) for (const meta of list) durations.set(meta.id, ms[name] ?? 0);
  return durations;
}

/** Topics as the registry interleaves them (spawn, exec, execFile, fork by turns), 200 cases in all. */
function interleaved(): ChunkedCase[] {
  const names = ['spawn', 'exec', 'execFile', 'fork'];
  const cases: ChunkedCase[] = [];
  for (let turn = 0; cases.length < 200; turn++) {
    const name = names[turn % names.length] as string;
    const size = 1 + ((turn * 7) % 5);
    cases.push(...Array.from({ length: size }, (_, index) => ({ id: `child_process.${name}.turn-${turn}-${index}` })));
  }
  return cases.slice(0, 200);
}

describe('coverageChunks', () => {
  it('gives no chunk for no case', () => {
    expect(coverageChunks([])).to.deep.equal([]);
    expect(coverageChunks([], new Map())).to.deep.equal([]);
  });

  it('gives the same chunks for the same list, with or without durations', () => {
    const cases = interleaved();
    const durations = new Map(cases.map((meta, index) => [meta.id, 50 + ((index * 37) % 400)]));
    expect(coverageChunks(cases)).to.deep.equal(coverageChunks(cases.map((meta) => ({ ...meta }))));
    expect(coverageChunks(cases, durations)).to.deep.equal(coverageChunks([...cases], new Map(durations)));
    expect(coverageChunks(cases).length, 'a list this long is split').to.be.greaterThan(1);
  });

  it('keeps every case once, in order, and cuts only where the topic changes', () => {
    const cases = interleaved();
    const durations = new Map(cases.map((meta, index) => [meta.id, index % 9 === 0 ? 2_000 : 100]));
    for (const chunks of [coverageChunks(cases), coverageChunks(cases, durations)]) {
      expect(chunks.flat(), 'the chunks, one after another, are the list').to.deep.equal(cases);
      for (const chunk of chunks) expect(chunk, 'no chunk is empty').to.not.be.empty;
      for (let index = 1; index < chunks.length; index++) {
        const before = chunks[index - 1]?.at(-1) as ChunkedCase;
        const after = chunks[index]?.[0] as ChunkedCase;
        expect(topicOf(before), `cut between ${before.id} and ${after.id}`).to.not.equal(topicOf(after));
      }
    }
  });

  it('never cuts a run of one topic, however long', () => {
    const cases = [...topic('spawn', 150), ...topic('exec', 2)];
    const chunks = coverageChunks(cases);
    expect(chunks.map((chunk) => chunk.length)).to.deep.equal([150, 2]);
    expect(coverageChunks(topic('fork', 300)), 'one topic is one chunk').to.have.length(1);
  });

  it('balances the expected time when durations are given, not the number of cases', () => {
    const byTopic = { spawn: topic('spawn', 30), exec: topic('exec', 10), fork: topic('fork', 10) };
    const cases = [...byTopic.spawn, ...byTopic.exec, ...byTopic.fork];
    // 30 quick cases (0.3 s), then two topics of 8 s each: two chunks of about 8 s, the quick ones with the first.
    const durations = durationsOf(byTopic, { spawn: 10, exec: 800, fork: 800 });
    const chunks = coverageChunks(cases, durations);
    expect(chunks.map((chunk) => chunk.length)).to.deep.equal([40, 10]);
    // Counted instead, 50 cases are about one chunk's worth.
    expect(coverageChunks(cases)).to.have.length(1);
  });

  it('takes a case the durations do not know for the mean of those they know', () => {
    const byTopic = { spawn: topic('spawn', 12), exec: topic('exec', 12), fork: topic('fork', 12) };
    const cases = [...byTopic.spawn, ...byTopic.exec, ...byTopic.fork];
    // spawn and exec 600 ms each, fork unknown: taken for 600 ms too, 21.6 s in all, three chunks of a topic each.
    const durations = durationsOf({ spawn: byTopic.spawn, exec: byTopic.exec }, { spawn: 600, exec: 600 });
    expect(coverageChunks(cases, durations).map((chunk) => chunk.map(topicOf)[0])).to.deep.equal([
      'child_process.spawn',
      'child_process.exec',
      'child_process.fork',
    ]);
    // Durations that know none of the cases count them instead.
    expect(coverageChunks(cases, new Map([['https.other.case', 9_000]]))).to.deep.equal(coverageChunks(cases));
  });

  it('keeps a small set in one chunk, even of long cases', () => {
    const cases = [...topic('spawn', 5), ...topic('exec', 5), ...topic('fork', 5)];
    expect(coverageChunks(cases)).to.deep.equal([cases]);
    const long = new Map(cases.map((meta) => [meta.id, 2_000]));
    expect(coverageChunks(cases, long), `fewer than ${2 * MIN_CASES_PER_CHUNK} cases`).to.deep.equal([cases]);
    const many = Array.from({ length: 40 }, (_, index) => topic(`t${index}`, 1)).flat();
    const quick = new Map(many.map((meta) => [meta.id, 100]));
    expect(coverageChunks(many, quick), `under ${(1.5 * EXPECTED_MS_PER_CHUNK) / 1000} s of cases`).to.have.length(1);
  });

  it(`makes at most ${MAX_CHUNKS_PER_MODULE} chunks`, () => {
    const cases = Array.from({ length: 40 }, (_, index) => topic(`t${index}`, 10)).flat();
    expect(cases.length / CASES_PER_CHUNK, 'the count alone asks for more').to.be.greaterThan(MAX_CHUNKS_PER_MODULE);
    expect(coverageChunks(cases)).to.have.length(MAX_CHUNKS_PER_MODULE);
    const slow = new Map(cases.map((meta) => [meta.id, 1_000]));
    expect(coverageChunks(cases, slow)).to.have.length(MAX_CHUNKS_PER_MODULE);
    // Balanced by count: 400 cases in topics of 10, 100 per chunk.
    expect(coverageChunks(cases).map((chunk) => chunk.length)).to.deep.equal([100, 100, 100, 100]);
  });
});
