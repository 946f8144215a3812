// cross-spawn: a drop-in spawn (with Windows shebang and PATHEXT handling) and its synchronous `sync`; it has no
// exec, execFile, fork or the other sync variants. Its children are Node's, so forked channels would be Node's.
import crossSpawn from 'cross-spawn';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'cross-spawn',
  version: packageVersion('cross-spawn'),
  modules: { child_process: { spawn: crossSpawn.spawn, spawnSync: crossSpawn.sync } },
};
