// The agent's channel is an interface, not TCP: the same protocol on both sides (agent.ts, serve-agent.ts) runs over
// a page-like message channel (a MessageChannel in this very process, each frame one string), with a host that has no
// process to kill. The trusted-peer and certificate requests, matched to their replies by id, go over it too.
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { CaseMeta } from '../../../conformance/case.js';
import type { AgentHost, AgentHostEvents, AgentHostFactory } from '../../../runners/agent/agent-host.js';
import { createAgentRunner } from '../../../runners/agent/agent-runner.js';
import type { HarnessChannel } from '../../../runners/agent/channel.js';
import { serveAgent } from '../../../runners/agent/serve-agent.js';
import { collect, META, TEST_CASES } from '../agent-helpers.js';

const PEER_CASES = fileURLToPath(new URL('../fixtures/trusted-peer-service.fixture.mjs', import.meta.url));

/** An agent served in this process over a MessageChannel: as a page's agent would be, minus the page. */
class PortHost implements AgentHost {
  private harnessPort?: MessagePort;
  private events?: AgentHostEvents;
  stopped = false;

  async start(events: AgentHostEvents): Promise<void> {
    this.events = events;
    const { port1: harnessPort, port2: agentPort } = new MessageChannel();
    this.harnessPort = harnessPort;
    harnessPort.on('message', (frame: string) => events.frame(frame));
    const agentEnd: HarnessChannel = {
      send: (frame) => agentPort.postMessage(frame),
      listen(agentEvents) {
        agentPort.on('message', (frame: string) => agentEvents.frame(frame));
        agentPort.on('close', () => agentEvents.closed());
      },
    };
    serveAgent(agentEnd, { exit: () => this.killNow(), onStrayError: () => undefined });
    events.opened({ send: (frame) => harnessPort.postMessage(frame), close: () => harnessPort.close() });
  }

  cpuMs(): undefined {
    return undefined;
  }

  diagnostics(): string {
    return '';
  }

  killNow(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.harnessPort?.close();
    this.events?.exited('disposed');
  }

  async kill(): Promise<void> {
    this.killNow();
  }
}

describe('agent over another channel than TCP', function () {
  this.timeout(30000);

  it('runs cases, answers trusted-peer and certificate requests, and disposes of the host when done', async () => {
    const hosts: PortHost[] = [];
    const host: AgentHostFactory = async () => {
      const made = new PortHost();
      hosts.push(made);
      return made;
    };
    const peer: CaseMeta = { id: 'https.trusted-peer-test.server-over-channel', module: 'https', rules: [] };
    const runner = createAgentRunner({
      candidate: { id: 'port', name: 'port', kind: 'host' },
      host,
      load: { kind: 'builtins' },
      caseModules: [TEST_CASES, PEER_CASES],
    });
    // Minting the run's certificates takes seconds of this process's CPU, where the agent runs too.
    const results = await collect(runner, [META.parse!, META.nonError!, peer], { timeoutMs: 20000 });
    expect(results.map((result) => `${result.case} ${result.status}`)).to.deep.equal([
      `${META.parse!.id} pass`,
      `${META.nonError!.id} error`,
      `${peer.id} pass`,
    ]);
    expect(hosts.length).to.be.greaterThan(0);
    expect(hosts.every((made) => made.stopped), 'every host is disposed of when the run ends').to.equal(true);
  });
});
