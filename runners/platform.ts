// Which rules apply where: a case whose every cited rule is limited to other platforms is `na` here.
import type { Platform, Rule } from '../spec/rule.js';

export function currentPlatforms(platform: NodeJS.Platform = process.platform): ReadonlySet<Platform> {
  return new Set<Platform>(platform === 'win32' ? ['win32'] : ['posix']);
}

/** True when the rule holds on one of the given platforms (rules without `platforms` hold everywhere). */
export function ruleApplies(rule: Pick<Rule, 'platforms'>, platforms: ReadonlySet<Platform>): boolean {
  return !rule.platforms || rule.platforms.some((platform) => platforms.has(platform));
}
