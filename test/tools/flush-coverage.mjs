// A mocha root-hook plugin for coverage in parallel mode: each worker writes the coverage it gathered after every test
// file (v8.takeCoverage), because mocha's worker pool kills a worker that has not exited a second after it was told to,
// and a killed process never writes the coverage that NODE_V8_COVERAGE (c8) collects at exit. Without c8, it does nothing.
import { takeCoverage } from 'node:v8';

export const mochaHooks = {
  afterAll() {
    if (process.env.NODE_V8_COVERAGE) takeCoverage();
  },
};
