// The reference rt:child_process module: the same export names as the host's builtin, and a default export holding
// them all (the module object the runners hand to the cases).
import * as host from 'node:child_process';
import { exec } from './exec.js';
import { execFile } from './exec-file.js';
import { execFileSync } from './exec-file-sync.js';
import { execSync } from './exec-sync.js';
import { fork } from './fork.js';
import { spawn } from './spawn.js';
import { spawnSync } from './spawn-sync.js';

// The ChildProcess class and the child-side channel bootstrap (`_forkChild`, undeclared in the host's types) are the
// host's: our functions return host ChildProcess instances, so `instanceof ChildProcess` holds for them.
const ChildProcess = host.ChildProcess;
const _forkChild = (host as unknown as { _forkChild: (fd: number, serialization: string) => void })._forkChild;

export { _forkChild, ChildProcess, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync };

const childProcess = { _forkChild, ChildProcess, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync };
export default childProcess;
