// Where downloaded runtimes and built agent bundles are kept between runs: $RTCONF_CACHE, else the user cache dir.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RTCONF_CACHE) return resolve(env.RTCONF_CACHE);
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'rtconf', 'Cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'rtconf');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'rtconf');
}
