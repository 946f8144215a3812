// The module as a whole: a module of its own, separate from plain HTTP, with the spec's exports.
import { CaseFailure, defineCase } from '../case.js';

const EXPECTED = {
  createServer: 'function',
  request: 'function',
  get: 'function',
  Agent: 'function',
  Server: 'function',
  globalAgent: 'object',
} as const;

export const moduleCases = [
  defineCase({
    id: 'https.module.exports-spec-names',
    module: 'https',
    rules: ['https.module.exports'],
    async run(ctx) {
      const https = ctx.https as unknown as Record<string, unknown>;
      const actual = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, typeof https[name]]));
      if (JSON.stringify(actual) !== JSON.stringify(EXPECTED)) {
        throw new CaseFailure('rt:https lacks an export the spec names, or has it with another type', { expected: EXPECTED, actual });
      }
      // A module of its own: not the plain-HTTP module under another name.
      const http = await import('node:http');
      if (ctx.https.request === http.request || ctx.https.Agent === http.Agent) {
        throw new CaseFailure('rt:https hands out the plain-HTTP request/Agent instead of its own', { expected: 'distinct functions', actual: 'identical to http' });
      }
    },
  }),
];
