// Drafts the corpus's verdict files from a fresh run, after a deliberate change to a case or an adapter:
//
//   npx tsx test/certification/write-verdicts.ts [NAME]... [--results FILE]
//
// A verdict whose status did not change keeps its audited `why`; a new or changed non-pass verdict gets
// `why: "UNAUDITED: <message>"`, which corpus.test.ts refuses, so nothing is committed before it is audited by hand
// against the case and the rule. --results also writes the run's results (with every message) as JSON, for the audit.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CORPUS, CORPUS_SEED, formatVerdictFile, readVerdicts, runCorpus, UNAUDITED, verdictPath, type Verdict, type VerdictFile } from './corpus.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { results: { type: 'string' } } });
const members = positionals.length === 0 ? CORPUS : CORPUS.filter((member) => positionals.includes(member.name));
if (members.length !== positionals.length && positionals.length > 0) {
  throw new Error(`unknown member(s): ${positionals.filter((name) => !CORPUS.some((member) => member.name === name)).join(', ')}`);
}

const runs = await runCorpus(members);
if (values.results) await writeFile(values.results, `${JSON.stringify(runs.map(({ member, run }) => ({ member: member.name, ...run })), null, 1)}\n`);
for (const { member, run } of runs) {
  const old = await readVerdicts(member).catch(() => undefined);
  const verdicts: Record<string, Verdict> = {};
  for (const result of run.results) {
    const before = old?.verdicts[result.case];
    if (result.status === 'pass') verdicts[result.case] = { status: 'pass' };
    else if (before && before.status === result.status && before.why !== undefined) verdicts[result.case] = before;
    else verdicts[result.case] = { status: result.status, why: `${UNAUDITED}${(result.message ?? '').split('\n')[0]}` };
  }
  const file: VerdictFile = {
    candidate: run.candidate.id,
    ...(run.candidate.version ? { version: run.candidate.version } : {}),
    seed: CORPUS_SEED,
    modules: member.modules,
    verdicts,
  };
  await writeFile(verdictPath(member), formatVerdictFile(file));
  const changed = Object.entries(verdicts).filter(([id, verdict]) => old?.verdicts[id]?.status !== verdict.status).length;
  process.stdout.write(`${member.name}: ${JSON.stringify(run.summary)}; ${changed} verdict(s) new or changed\n`);
}
