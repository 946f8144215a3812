// rt-conformance as a library: `import { run, judge, writeReports } from 'rt-conformance'`. This file only re-exports;
// what it exports is the public API, typed, and versioned by semver as docs/library.md states. The CLI is built on it.
export { run, DEFAULT_CANDIDATES, RunOptionsError, type RunOptions, type RunStart } from './run.js';
export { selectCases, type Selection } from './select-cases.js';
export { judge, type JudgeOptions } from './judge.js';
export { pairBaseline, type BaselineInput, type CandidatePair, type PairedCandidate, type Pairing } from '../results/candidate-pairing.js';
export { apiStatesOf } from './api-states-of.js';

export { writeReports, ReportsWriteError, type WrittenReports } from '../reports/write-reports.js';
export type { ReportOptions } from '../reports/report-data.js';
export { readResults, ResultsFileError } from '../results/read-results.js';
export { readExpectations, ExpectationsError, type Expectation, type Expectations } from '../results/expectations.js';
export { CandidateError } from '../results/candidate-spec.js';
export { ShardError, type Shard } from '../runners/shard.js';
export { InterfaceVersionError } from '../results/interface-version.js';

export { rules } from '../spec/index.js';
export { MODULES, type ModuleName, type Platform, type Rule, type RuleLevel } from '../spec/rule.js';
export { API_FREE_RULES, apis, type Api, type ApiKind } from '../spec/apis.js';
export { API_STATES, type ApiRuleCounts, type ApiState, type ApiStateName, type UntestedReason } from '../results/api-state.js';
export { passRate, type PassRate, type Verdict } from '../results/verdict.js';
export { isFailing, STATUSES, type Status } from '../results/status.js';

export type { CaseMeta } from '../conformance/case.js';
export type {
  CandidateInfo,
  CandidateKind,
  CandidateRun,
  CaseResult,
  ResultsFile,
  RuleSummary,
  RunEnvironment,
  Summary,
} from '../results/results-file.js';
export type { ExpectationMarks, ExpectationsInput, ResultExpectation } from '../results/expectation-marks.js';
export type { ExpectationOutcome, ExpectationSource } from '../results/expectation-match.js';
export type { GateItem, GateReport, UnmatchedSource } from '../results/regression-gate.js';
export type { RepetitionOf } from '../runners/run-suite.js';
