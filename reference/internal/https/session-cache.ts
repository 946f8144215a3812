// The https Agent's cache of TLS sessions for resumption: one session per pool name, oldest evicted first, bounded by
// the agent's `maxCachedSessions`. Each Agent owns its own cache.
import { codedError } from '../errors.js';

/**
 * Default `maxCachedSessions`.
 * @rules https.agent.max-cached-sessions-default
 */
const DEFAULT_MAX_CACHED_SESSIONS = 100;

/**
 * Validates the `maxCachedSessions` option.
 *
 * @param value The option's value.
 * @returns The bound: the value, or 100 when absent.
 * @throws `ERR_OUT_OF_RANGE` (RangeError) for anything but a number ≥ 0.
 * @example
 * ```ts
 * validateMaxCachedSessions(undefined); // 100
 * ```
 * @rules https.agent.max-cached-sessions-default
 */
export function validateMaxCachedSessions(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_CACHED_SESSIONS;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    // beyond-spec: max-cached-sessions-check
    throw codedError(RangeError, 'ERR_OUT_OF_RANGE', `options.maxCachedSessions must be a number >= 0; received ${String(value)}`, validateMaxCachedSessions);
  }
  return value;
}

/**
 * TLS sessions by pool name.
 * @rules https.agent.caches-tls-sessions, https.agent.max-cached-sessions-limit, https.agent.max-cached-sessions-zero-disables
 */
export class SessionCache {
  /** Sessions by pool name, oldest first (Map keeps insertion order, which makes eviction O(1)). */
  readonly #sessions = new Map<string, Buffer>();

  /**
   * @param key A pool name.
   * @returns The session to resume for it, if any.
   */
  get(key: string): Buffer | undefined {
    return this.#sessions.get(key);
  }

  /**
   * Stores the latest session of a pool name, evicting the oldest ones while the cache is full.
   *
   * @param key The pool name.
   * @param session The session the server issued.
   * @param limit The agent's current `maxCachedSessions` (read on every insertion, so lowering it takes effect at once);
   *   0 stores nothing.
   * @rules https.agent.max-cached-sessions-limit, https.agent.max-cached-sessions-zero-disables
   */
  store(key: string, session: Buffer, limit: number): void {
    if (limit === 0) return;
    if (this.#sessions.has(key)) {
      this.#sessions.set(key, session);
      return;
    }
    // An application may set maxCachedSessions to anything (a negative number too): stop once the cache is empty.
    while (this.#sessions.size > 0 && this.#sessions.size >= limit) this.#sessions.delete(this.#sessions.keys().next().value as string);
    this.#sessions.set(key, session);
  }

  /**
   * Forgets the session of a pool name (after a failed connection: the session may be what made it fail).
   *
   * @param key The pool name.
   */
  // beyond-spec: session-drop-on-error
  delete(key: string): void {
    this.#sessions.delete(key);
  }
}
