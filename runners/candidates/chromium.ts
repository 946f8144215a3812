// `chromium:./adapter.mjs` and `chromium:npm:PACKAGE[=MODULE]`: an adapter or npm package bundled for the browser as a
// bundler ships it (runners/chromium/bundle-candidate.ts: no Node builtins, no Node globals) and run in pages of
// headless Chromium (the machine's own, runners/chromium/chromium-browser.ts). The page is served from 127.0.0.1
// (runners/chromium/page-server.ts) with the page agent beside the candidate; each agent is a page in a browser of its
// own (an AgentHost, runners/agent/page-host.ts) driven over the page's channel. A page can have querystring only: the cases of
// child_process and https are `skip`, the module not provided, without asking the page.
import type { CaseMeta } from '../../conformance/case.js';
import { errorText, firstLine } from '../../io/message-text.js';
import { adapterId, CandidateError, formatCandidateSpec } from '../../results/candidate-spec.js';
import { caseFields, type CandidateInfo, type CaseResult } from '../../results/results-file.js';
import { createAgentRunner } from '../agent/agent-runner.js';
import { buildPageAgent } from '../agent/build-page-agent.js';
import { PAGE_MODULES } from '../agent/page-candidate-modules.js';
import { pageHosts, type PageSite } from '../agent/page-host.js';
import type { CandidateLoad } from '../agent/protocol.js';
import { bundleCandidate } from '../chromium/bundle-candidate.js';
import { findChromium, launchChromium } from '../chromium/chromium-browser.js';
import { servePage } from '../chromium/page-server.js';
import type { RunOptions, Runner } from '../runner.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { probeCandidate } from './own-node-agent.js';

export const chromium: CandidateKindDeclaration<'chromium'> = {
  kind: 'chromium',
  needs: { runsIn: 'agent', agentHost: 'chromium' },
  async resolve(spec, options) {
    const written = formatCandidateSpec(spec);
    const found = findChromium();
    if ('missing' in found) throw new CandidateError(`candidate ${written}: ${found.missing}`);
    const cwd = options.cwd ?? process.cwd();
    const { target } = spec;
    const bundle = await bundleCandidate(target, written, cwd);
    const server = await servePage({ agent: (await buildPageAgent()).code, candidate: bundle.code });
    let browserName: string | undefined;
    const site: PageSite = {
      url: server.url,
      async launch(env) {
        try {
          const browser = await launchChromium(found.path, env);
          browserName ??= `Chromium ${browser.version()}`;
          return browser;
        } catch (error) {
          // The probe says which candidate could not be loaded; this says why.
          throw new Error(`Chromium (${found.path}) did not start: ${firstLine(errorText(error), 300)}`);
        }
      },
    };
    try {
      const load: CandidateLoad =
        target.kind === 'npm'
          ? { kind: 'npm', spec: written, entry: server.url.replace(/agent\.html$/, 'candidate.js'), packageName: target.packageName, ...(target.module ? { module: target.module } : {}) }
          : { kind: 'adapter', spec: target.path, cwd };
      const host = pageHosts(site);
      const probed = await probeCandidate(written, load, host);
      const page = { url: server.url, browser: browserName ?? 'Chromium' };
      const name = target.kind === 'npm' ? target.packageName : (probed.name ?? target.path);
      const version = target.kind === 'npm' ? bundle.version : probed.version;
      const candidate: CandidateInfo = {
        // An adapter is named by what it declares, as in Node (`adapter:NAME`), and apart from its Node runs.
        id: target.kind === 'npm' ? written : `chromium:${adapterId(name)}`,
        name,
        kind: target.kind,
        ...(version !== undefined ? { version } : {}),
        ...(target.kind === 'adapter' ? { path: written } : {}),
        page,
      };
      return pageRunner(createAgentRunner({ candidate, host, load }), () => server.close());
    } catch (error) {
      await server.close();
      throw error;
    }
  },
};

/** The result of a case whose module a page cannot have: not provided, never a failure. */
function notInAPage(meta: CaseMeta): CaseResult {
  return {
    ...caseFields(meta),
    status: 'skip',
    durationMs: 0,
    message: `candidate does not provide ${meta.module}: a page has no processes or sockets, so ${meta.module} is not run in Chromium`,
  };
}

/** The agents' runner for the cases a page can run, the others skipped here; closing it (its agents' browsers) closes the page server. */
function pageRunner(agents: Runner, release: () => Promise<void>): Runner {
  let released: Promise<void> | undefined;
  return {
    candidate: agents.candidate,
    async *run(cases: readonly CaseMeta[], options: RunOptions): AsyncIterable<CaseResult> {
      const inPage = cases.filter((meta) => PAGE_MODULES.includes(meta.module));
      for (const meta of cases) if (!PAGE_MODULES.includes(meta.module)) yield notInAPage(meta);
      yield* agents.run(inPage, options);
    },
    async close() {
      try {
        await agents.close();
      } finally {
        released ??= release();
        await released;
      }
    },
  };
}
