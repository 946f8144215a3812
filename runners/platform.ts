// Which rules apply where: a case whose every cited rule is limited to other platforms is `na` here.
import type { Platform, Rule } from '../spec/rule.js';

/**
 * The platforms the agent runs on. Where there is no `process` (a browser page) it runs on none of them, so a rule
 * limited to some platform never applies there.
 */
export function currentPlatforms(platform: string | undefined = (globalThis as { process?: { platform?: string } }).process?.platform): ReadonlySet<Platform> {
  if (platform === undefined) return new Set<Platform>();
  return new Set<Platform>(platform === 'win32' ? ['win32'] : ['posix']);
}

/** True when the rule holds on one of the given platforms (rules without `platforms` hold everywhere). */
export function ruleApplies(rule: Pick<Rule, 'platforms'>, platforms: ReadonlySet<Platform>): boolean {
  return !rule.platforms || rule.platforms.some((platform) => platforms.has(platform));
}
