// The config a Worker agent's workerd process reads (Cap'n Proto text): the Worker's modules, compatibility date and
// flags, its outbound network (127.0.0.1 only, trusting the run's CA) and its bindings. workerd-host.ts writes it.
import { AGENT_MODULE, MAIN_MODULE } from './build-worker-agent.js';

/** Which workerd, and how its Worker is configured. */
export interface WorkerdLaunch {
  readonly executable: string;
  /** The release (`1.20261117.1`), told to the agent, which cannot read it. */
  readonly version: string;
  readonly compatibilityDate: string;
  readonly compatibilityFlags: readonly string[];
}

/**
 * The Worker's config in Cap'n Proto text, as workerd reads it.
 * @param modules the main and agent modules' paths, relative to the config's folder, and extra case modules: each
 *   named by its path on this machine (which the agent imports it by, workerd-platform.ts), with its relative path
 */
export function workerdConfig(
  launch: WorkerdLaunch,
  modules: { main: string; agent: string; cases?: readonly { name: string; file: string }[] },
  token: string,
  trusted: readonly string[],
): string {
  const list = (items: readonly string[]): string => `[${items.map(capnpText).join(', ')}]`;
  const cases = (modules.cases ?? []).map((item) => `\n    (name = ${capnpText(item.name)}, esModule = embed ${capnpText(item.file)}),`).join('');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "agent", worker = .agent),
    # The Worker's only way out: 127.0.0.1, where the harness's trusted peers listen, trusting the run's CA.
    (name = "loopback", network = (allow = ["127.0.0.1/32"], tlsOptions = (trustedCertificates = ${list(trusted)}))),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "agent") ],
);

const agent :Workerd.Worker = (
  modules = [
    (name = ${capnpText(MAIN_MODULE)}, esModule = embed ${capnpText(modules.main)}),
    (name = ${capnpText(AGENT_MODULE)}, esModule = embed ${capnpText(modules.agent)}),${cases}
  ],
  compatibilityDate = ${capnpText(launch.compatibilityDate)},
  compatibilityFlags = ${list(launch.compatibilityFlags)},
  globalOutbound = "loopback",
  bindings = [
    (name = "RTCONF_TOKEN", text = ${capnpText(token)}),
    (name = "RTCONF_WORKERD_VERSION", text = ${capnpText(launch.version)}),
  ],
);
`;
}

/** A Cap'n Proto text literal: quotes, backslashes and control characters escaped. */
function capnpText(value: string): string {
  const escaped = value.replace(/[\\"\u0000-\u001f\u007f]/g, (char) => {
    if (char === '\\' || char === '"') return `\\${char}`;
    if (char === '\n') return '\\n';
    return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  });
  return `"${escaped}"`;
}
