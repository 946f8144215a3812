// The module as a whole: a module of its own, separate from plain HTTP, with the spec's exports.
import { CaseFailure, defineCases } from '../case.js';

const EXPECTED = {
  createServer: 'function',
  request: 'function',
  get: 'function',
  Agent: 'function',
  Server: 'function',
  globalAgent: 'object',
} as const;

export const moduleCases = defineCases('https', [
  {
    id: 'https.module.exports-spec-names',
    rules: ['https.module.exports'],
    async run(ctx) {
      const https = ctx.https as unknown as Record<string, unknown>;
      const actual = Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, https[name] === null ? 'null' : typeof https[name]]));
      if (JSON.stringify(actual) !== JSON.stringify(EXPECTED)) {
        throw new CaseFailure('rt:https lacks an export the spec names, or has it with another type', { expected: EXPECTED, actual });
      }
      // A module of its own: not the plain-HTTP module, or parts of it, under another name.
      const http = (await import('node:http')) as unknown as Record<string, unknown>;
      const shared = Object.keys(EXPECTED).filter((name) => https[name] === http[name]);
      if (shared.length > 0) {
        throw new CaseFailure(`rt:https hands out the plain-HTTP module's ${shared.join(', ')} instead of its own`, { expected: 'exports distinct from http', actual: `identical to http.${shared.join(', http.')}` });
      }
    },
  },
]);
