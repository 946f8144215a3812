// What an agent running as a Worker in workerd does where a process agent uses its process: it cannot exit, so it
// ends by closing its channel (the harness then ends the workerd process, and everything the Worker started with
// it); it hears of errors nobody caught through the global scope's events; and it says it is workerd, which a
// Worker's `process` (Node's compatibility layer) does not. Bundled into the Worker agent.
import type { HttpHarnessChannel } from './http-harness-channel.js';
import type { AgentPlatform } from './serve-agent.js';

/** Where workerd serves a module whose name in the config is `path`: below the Worker's bundle root. */
function caseModuleUrl(path: string): string {
  return new URL(`.${path.startsWith('/') ? '' : '/'}${path.replaceAll('\\', '/')}`, 'file:///bundle/').href;
}

/** The global scope's events a Worker has (workerd dispatches both on `globalThis`). */
interface WorkerScope {
  addEventListener?(type: 'error' | 'unhandledrejection', listener: (event: { error?: unknown; reason?: unknown; preventDefault?(): void }) => void): void;
}

/**
 * The platform of a Worker agent served over `channel`.
 * @param version the workerd release, as the harness told it (a Worker cannot read it)
 * @example
 * serveAgent(channel, workerdPlatform(channel, '1.20261117.1'));
 */
export function workerdPlatform(channel: HttpHarnessChannel, version: string): AgentPlatform {
  return {
    exit: () => channel.close(),
    onStrayError(listener) {
      const scope = globalThis as WorkerScope;
      scope.addEventListener?.('unhandledrejection', (event) => {
        // Counted against the case, as a process agent counts it; workerd need not log it again.
        event.preventDefault?.();
        listener(event.reason);
      });
      scope.addEventListener?.('error', (event) => listener(event.error));
    },
    // There is no executable a case could start: a Worker has no subprocesses.
    runtime: () => ({ name: 'workerd', version, execPath: '' }),
    // The host embeds each extra case module under its own path (workerd-host.ts), which workerd serves below its bundle root.
    importFile: (path) => import(caseModuleUrl(path)),
  };
}
