// The reference rt:child_process, much of it beside the host's node:child_process: exec and execFile (exit, signals,
// timeout, maxBuffer, encodings, abort), promisified forms, argument errors, command lookup, spawn, fork, sync forms.
import { expect } from 'chai';
import * as host from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import cp from '../../reference/child_process.js';
import { fixturePath } from '../../conformance/fixture-path.js';

type Outcome = { error: (Error & Record<string, unknown>) | null; stdout: string | Buffer; stderr: string | Buffer };
type ExecLike = (...args: unknown[]) => host.ChildProcess;

const node = process.execPath;
const fixture = fixturePath;

/** Runs an exec-style function to its callback. */
function outcome(run: ExecLike, ...args: unknown[]): Promise<Outcome> {
  return new Promise((resolve) => {
    run(...args, (error: Outcome['error'], stdout: string | Buffer, stderr: string | Buffer) => resolve({ error, stdout, stderr }));
  });
}

const execFile = cp.execFile as unknown as ExecLike;
const exec = cp.exec as unknown as ExecLike;
/** The reference typed as the module it stands in for. */
const typed = cp as unknown as typeof host;

function thrown(run: () => unknown): Error & { code?: unknown } {
  try {
    const result = run() as { kill?: () => void } | undefined;
    result?.kill?.();
  } catch (error) {
    return error as Error & { code?: unknown };
  }
  throw new Error('expected a throw');
}

function once<T extends unknown[]>(emitter: NodeJS.EventEmitter, event: string): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (...args: unknown[]) => resolve(args as T)));
}

describe('reference child_process', function () {
  this.timeout(10000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-cp-test-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe('exec and execFile', () => {
    it('passes null and the decoded output to the callback on exit code 0', async () => {
      const { error, stdout, stderr } = await outcome(execFile, node, [fixture('exit-code.mjs'), '0', 'out', 'err']);
      expect(error).to.equal(null);
      expect([stdout, stderr]).to.deep.equal(['out', 'err']);
    });

    it('reports a non-zero exit with code, signal, killed and cmd', async () => {
      const { error, stdout } = await outcome(exec, 'echo partial; exit 42');
      expect(error).to.be.instanceOf(Error);
      expect(error).to.include({ code: 42, signal: null, killed: false, cmd: 'echo partial; exit 42' });
      expect(stdout).to.equal('partial\n');
    });

    it('names a negative exit code by its system error, as Node does (code -1 is EPERM)', async () => {
      // A child's 'close' carries a negative code when the process layer itself failed; Node's own core test
      // (parallel/test-child-process-execfile.js) makes one by emitting it, and so does this test.
      const pending = new Promise<Outcome>((resolve) => {
        const child = execFile(node, (error: Outcome['error'], stdout: string | Buffer, stderr: string | Buffer) => resolve({ error, stdout, stderr }));
        child.kill();
        child.emit('close', -1, null);
      });
      const { error } = await pending;
      expect(error).to.include({ code: 'EPERM', signal: null, killed: true });
    });

    it('reports death by a signal with code null and the signal name', async () => {
      const { error } = await outcome(execFile, node, [fixture('kill-self.mjs'), 'SIGKILL']);
      expect(error).to.include({ code: null, signal: 'SIGKILL', killed: false });
    });

    it('kills on timeout with killSignal given as a number and marks the error killed', async () => {
      const { error } = await outcome(execFile, node, [fixture('sleep.mjs')], { timeout: 50, killSignal: 2 });
      expect(error).to.include({ signal: 'SIGINT', killed: true, code: null });
    });

    it('truncates stdout exactly at maxBuffer and reports ERR_CHILD_PROCESS_STDIO_MAXBUFFER', async () => {
      const { error, stdout } = await outcome(execFile, node, [fixture('flood.mjs'), 'stdout', '100000'], { maxBuffer: 1000 });
      expect(error).to.be.instanceOf(RangeError);
      expect(error).to.include({ code: 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' });
      expect(error?.message).to.contain('stdout');
      expect(stdout).to.equal('x'.repeat(1000));
    });

    it('truncates stderr exactly at maxBuffer, also for Buffer output', async () => {
      const { error, stderr } = await outcome(execFile, node, [fixture('flood.mjs'), 'stderr', '5000'], { maxBuffer: 10, encoding: 'buffer' });
      expect(error?.message).to.contain('stderr');
      expect(Buffer.isBuffer(stderr)).to.equal(true);
      expect(stderr.length).to.equal(10);
    });

    it('keeps at most maxBuffer bytes of multi-byte text and never half a character', async () => {
      const { error, stdout } = await outcome(execFile, node, [fixture('flood.mjs'), 'stdout', '2000', 'é'], { maxBuffer: 51 });
      expect(error?.code).to.equal('ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
      expect(stdout).to.equal('é'.repeat(25));
    });

    it('returns Buffers for encoding "buffer" and for an unknown encoding, text for a known one', async () => {
      for (const encoding of ['buffer', 'no-such-encoding']) {
        const { stdout, stderr } = await outcome(exec, 'printf hi', { encoding });
        expect(Buffer.isBuffer(stdout) && Buffer.isBuffer(stderr), encoding).to.equal(true);
        expect(String(stdout)).to.equal('hi');
      }
      const { stdout } = await outcome(exec, 'printf hi', { encoding: 'hex' });
      expect(stdout).to.equal(Buffer.from('hi').toString('hex'));
    });

    it('passes an AbortError to the callback for a signal aborted before and after the start', async () => {
      const before = new AbortController();
      before.abort('early');
      const early = await outcome(exec, 'echo never', { signal: before.signal });
      expect(early.error).to.include({ name: 'AbortError', code: 'ABORT_ERR', cause: 'early' });

      const during = new AbortController();
      const pending = outcome(execFile, node, [fixture('sleep.mjs')], { signal: during.signal });
      setTimeout(() => during.abort(), 100);
      const late = await pending;
      expect(late.error?.name).to.equal('AbortError');
    });

    it('uses the shell named by options.shell', async () => {
      const { stdout } = await outcome(exec, 'echo "$0"', { shell: 'bash' });
      expect(stdout).to.equal('bash\n');
    });

    it('reports a missing executable as ENOENT with the command line in cmd', async () => {
      const { error } = await outcome(execFile, join(dir, 'missing'), ['a']);
      expect(error).to.include({ code: 'ENOENT', cmd: `${join(dir, 'missing')} a` });
    });
  });

  describe('the encoding of exec and execFile', () => {
    /** What a run shows: the type and text of the 'data' events of both streams, their encoding, and the callback's. */
    async function observe(run: ExecLike, args: unknown[]): Promise<Record<string, unknown>> {
      let child: host.ChildProcess | undefined;
      const events: Array<[string, string, string]> = [];
      const ended = new Promise<unknown[]>((resolve) => {
        child = run(...args, (...results: unknown[]) => resolve(results));
      });
      for (const name of ['stdout', 'stderr'] as const) {
        child?.[name]?.on('data', (chunk: unknown) => events.push([name, typeof chunk, Buffer.isBuffer(chunk) ? chunk.toString('hex') : String(chunk)]));
      }
      const [error, stdout, stderr] = await ended;
      const shown = (value: unknown): unknown => (Buffer.isBuffer(value) ? { buffer: value.toString('hex') } : value);
      return {
        events,
        readableEncoding: [child?.stdout?.readableEncoding, child?.stderr?.readableEncoding],
        callback: [error, shown(stdout), shown(stderr)],
      };
    }

    const script = 'printf "h\\303\\251"; printf "e" >&2';
    for (const encoding of [undefined, 'utf8', 'UTF-8', 'hex', 'latin1', 'base64', 'buffer', 'no-such-encoding', null]) {
      const options = encoding === undefined ? {} : { encoding };
      it(`delivers 'data' events as the host does with encoding ${String(encoding)}`, async () => {
        const expected = await observe(host.exec as unknown as ExecLike, [script, options]);
        expect(await observe(exec, [script, options]), 'exec').to.deep.equal(expected);
        const fileArgs = ['sh', ['-c', script], options];
        expect(await observe(execFile, fileArgs), 'execFile').to.deep.equal(await observe(host.execFile as unknown as ExecLike, fileArgs));
      });
    }

    it('sets the streams to a known encoding: strings arrive on the data events, the callback gets the same text', async () => {
      let child: host.ChildProcess | undefined;
      const chunks: unknown[] = [];
      const done = new Promise<Outcome>((resolve) => {
        child = exec('printf hi', { encoding: 'hex' }, (error: Outcome['error'], stdout: string | Buffer, stderr: string | Buffer) => resolve({ error, stdout, stderr }));
      });
      child?.stdout?.on('data', (chunk: unknown) => chunks.push(chunk));
      const { stdout } = await done;
      expect(chunks).to.deep.equal(['6869']);
      expect(stdout).to.equal('6869');
    });

    it('hands over text, like the host, when the caller set a stream encoding under encoding: null', async () => {
      const run = (exec: ExecLike): Promise<Outcome> =>
        new Promise<Outcome>((resolve) => {
          const child = exec('printf "caf\\303\\251"; printf "x\\303\\251" >&2', { encoding: null }, (error: Outcome['error'], stdout: string | Buffer, stderr: string | Buffer) =>
            resolve({ error, stdout, stderr }),
          ) as host.ChildProcess;
          child.stdout?.setEncoding('utf8');
        });
      const [ours, theirs] = await Promise.all([run(exec), run(host.exec as unknown as ExecLike)]);
      expect(theirs.stdout).to.equal('café');
      expect(ours.stdout).to.equal(theirs.stdout);
      expect(Buffer.isBuffer(ours.stderr) && Buffer.isBuffer(theirs.stderr)).to.equal(true);
      expect(ours.stderr).to.deep.equal(theirs.stderr);
    });

    it('still counts maxBuffer in bytes of output when the stream delivers text', async () => {
      const { error, stdout } = await outcome(execFile, node, [fixture('flood.mjs'), 'stdout', '2000', 'é'], { maxBuffer: 51, encoding: 'hex' });
      expect(error?.code).to.equal('ERR_CHILD_PROCESS_STDIO_MAXBUFFER');
      expect(stdout).to.equal(Buffer.from('é'.repeat(25) + '\xc3', 'utf8').subarray(0, 51).toString('hex'));
    });
  });

  describe('AbortSignal-like signals', () => {
    /** An EventTarget that works like an AbortSignal without being one (another library's, another realm's). */
    class SignalLike extends EventTarget {
      aborted = false;
      reason: unknown = undefined;
      abort(reason: unknown): void {
        this.aborted = true;
        this.reason = reason;
        this.dispatchEvent(new Event('abort'));
      }
    }

    it('spawn accepts one and kills the child when it aborts, reporting an AbortError with its reason', async () => {
      const signal = new SignalLike();
      const child = cp.spawn(node, [fixture('sleep.mjs')], { signal: signal as unknown as AbortSignal });
      const failed = once<[Error & { cause?: unknown }]>(child, 'error');
      const exited = once<[number | null, string | null]>(child, 'exit');
      await once(child.stdout as NodeJS.EventEmitter, 'data');
      signal.abort('enough');
      const [error] = await failed;
      expect([error.name, error.cause]).to.deep.equal(['AbortError', 'enough']);
      expect((await exited)[1]).to.equal('SIGTERM');
    });

    it('fork accepts one, and exec and execFile pass the AbortError to their callback', async () => {
      const forked = new SignalLike();
      const child = cp.fork(fixture('sleep.mjs'), { signal: forked as unknown as AbortSignal, silent: true, execArgv: [] });
      const failed = once<[Error]>(child, 'error');
      await once(child.stdout as NodeJS.EventEmitter, 'data');
      forked.abort('stop');
      expect((await failed)[0].name).to.equal('AbortError');

      const runs: Array<(signal: AbortSignal) => Promise<Outcome>> = [
        (signal) => outcome(exec, `"${node}" "${fixture('sleep.mjs')}"`, { signal }),
        (signal) => outcome(execFile, node, [fixture('sleep.mjs')], { signal }),
      ];
      for (const run of runs) {
        const signal = new SignalLike();
        const pending = run(signal as unknown as AbortSignal);
        setTimeout(() => signal.abort('late'), 100);
        const { error } = await pending;
        expect(error?.name).to.equal('AbortError');
      }
    });

    it('accepts an object whose aborted property is inherited, already aborted, as the host does', async () => {
      const signal = Object.create({ aborted: true, reason: 'inherited' }) as AbortSignal;
      const child = cp.spawn(node, [fixture('sleep.mjs')], { signal });
      const [error] = await once<[Error & { cause?: unknown }]>(child, 'error');
      expect([error.name, error.cause]).to.deep.equal(['AbortError', 'inherited']);
    });
  });

  describe('the env option', () => {
    it('passes on variables an env object inherits from its own prototype chain, as the host does', async () => {
      const env = Object.assign(Object.create({ FROM_BASE: 'base', SHADOWED: 'base' }) as Record<string, string>, { OWN: 'own', SHADOWED: 'own' });
      const { stdout } = await outcome(execFile, node, [fixture('report-env.mjs'), 'FROM_BASE', 'OWN', 'SHADOWED'], { env });
      expect(JSON.parse(String(stdout)).env).to.deep.equal({ FROM_BASE: 'base', OWN: 'own', SHADOWED: 'own' });
    });
  });

  describe('promisified exec and execFile', () => {
    it('resolves { stdout, stderr } and exposes the child on the promise', async () => {
      const promise = promisify(typed.exec)('printf out; printf err >&2') as Promise<{ stdout: string; stderr: string }> & { child: unknown };
      expect(promise.child).to.be.instanceOf(host.ChildProcess);
      expect(await promise).to.deep.equal({ stdout: 'out', stderr: 'err' });
    });

    it('rejects with the callback error carrying stdout and stderr', async () => {
      const error = await (promisify(typed.execFile)(node, [fixture('exit-code.mjs'), '3', 'o', 'e']) as Promise<unknown>).then(
        () => undefined,
        (reason: unknown) => reason as Record<string, unknown>,
      );
      expect(error).to.include({ code: 3, stdout: 'o', stderr: 'e' });
    });

    it('throws synchronously for invalid arguments, as the callback form does', () => {
      expect(thrown(() => promisify(typed.execFile)(5 as unknown as string)).code).to.equal('ERR_INVALID_ARG_TYPE');
    });
  });

  describe('argument validation', () => {
    const bad: Array<[string, (m: typeof host) => unknown]> = [
      ['spawn file number', (m) => m.spawn(42 as unknown as string)],
      ['spawn empty file', (m) => m.spawn('')],
      ['spawn NUL in file', (m) => m.spawn('a\u0000b')],
      ['spawn args string', (m) => m.spawn('true', 'x' as unknown as string[])],
      ['spawn NUL in args', (m) => m.spawn('true', ['a\u0000'])],
      ['spawn options number', (m) => m.spawn('true', [], 5 as unknown as object)],
      ['spawn cwd http URL', (m) => m.spawn('true', [], { cwd: new URL('http://example.com/') })],
      ['spawn cwd number', (m) => m.spawn('true', [], { cwd: 5 as unknown as string })],
      ['spawn shell number', (m) => m.spawn('true', [], { shell: 5 as unknown as string })],
      ['spawn uid float', (m) => m.spawn('true', [], { uid: 1.5 })],
      ['spawn argv0 number', (m) => m.spawn('true', [], { argv0: 1 as unknown as string })],
      ['spawn serialization', (m) => m.spawn('true', [], { serialization: 'xml' as 'json' })],
      ['spawn timeout negative', (m) => m.spawn('true', [], { timeout: -1 })],
      ['spawn signal not a signal', (m) => m.spawn('true', [], { signal: {} as AbortSignal })],
      ['spawn signal null', (m) => m.spawn('true', [], { signal: null as unknown as AbortSignal })],
      ['spawn signal a function', (m) => m.spawn('true', [], { signal: (() => undefined) as unknown as AbortSignal })],
      ['execFile signal null', (m) => m.execFile('true', [], { signal: null as unknown as AbortSignal })],
      ['fork signal number', (m) => m.fork('a.js', { signal: 1 as unknown as AbortSignal })],
      ['spawn unknown killSignal', (m) => m.spawn('true', [], { killSignal: 'SIGFOO' as NodeJS.Signals })],
      ['spawn killSignal object', (m) => m.spawn('true', [], { killSignal: {} as NodeJS.Signals })],
      ['spawn two ipc', (m) => m.spawn('true', [], { stdio: ['pipe', 'pipe', 'pipe', 'ipc', 'ipc'] })],
      ['spawn NUL in env', (m) => m.spawn('true', [], { env: { A: 'x\u0000' } })],
      ['execFile negative maxBuffer', (m) => m.execFile('true', { maxBuffer: -1 })],
      ['execFile callback not a function', (m) => (m.execFile as unknown as ExecLike)('true', [], {}, 5)],
      ['exec command number', (m) => m.exec(5 as unknown as string)],
      ['fork http URL', (m) => m.fork(new URL('http://example.com/a.js'))],
      ['fork modulePath number', (m) => m.fork(5 as unknown as string)],
      ['fork args string', (m) => m.fork('a.js', 'x' as unknown as string[])],
      ['fork stdio without ipc', (m) => m.fork('a.js', { stdio: ['pipe', 'pipe', 'pipe'] })],
      ['fork stdio with two ipc', (m) => m.fork('a.js', { stdio: ['pipe', 'pipe', 'pipe', 'ipc', 'ipc'] })],
      ['fork unknown stdio string', (m) => m.fork('a.js', { stdio: 'bogus' as 'pipe' })],
      ['spawnSync negative timeout', (m) => m.spawnSync('true', { timeout: -2 })],
      ['spawnSync input number', (m) => m.spawnSync('true', { input: 5 as unknown as string })],
    ];
    for (const [label, call] of bad) {
      it(`throws what the host throws for ${label}`, () => {
        const expected = thrown(() => call(host));
        const actual = thrown(() => call(cp as unknown as typeof host));
        expect(actual.constructor, label).to.equal(expected.constructor);
        expect(actual.code, label).to.equal(expected.code);
        expect(actual.message, label).to.equal(expected.message);
        // The code shows in the string form and the stack's first line (`RangeError [ERR_OUT_OF_RANGE]: …`), while
        // the name stays the standard one.
        expect(String(actual), label).to.equal(String(expected));
        expect(actual.stack?.split('\n')[0], label).to.equal(expected.stack?.split('\n')[0]);
        expect(actual.name, label).to.equal(expected.name);
      });
    }
  });

  describe('command lookup', () => {
    let bin: string;
    before(async () => {
      bin = join(dir, 'bin');
      await mkdir(join(bin, 'tool-dir', 'tool'), { recursive: true });
      await mkdir(join(bin, 'plain'), { recursive: true });
      await mkdir(join(bin, 'exec'), { recursive: true });
      await writeFile(join(bin, 'plain', 'tool'), '#!/bin/sh\necho plain\n', { mode: 0o644 });
      await writeFile(join(bin, 'exec', 'tool'), '#!/bin/sh\necho exec\n', { mode: 0o755 });
      await chmod(join(bin, 'exec', 'tool'), 0o755);
    });

    // The reference hands a bare name to the host's process layer, whose search (libuv's, as execvp's) takes PATH from
    // the child's environment: these check that it does so through the reference.
    it('skips directories and non-executable files and takes the first executable', async () => {
      const PATH = [join(bin, 'tool-dir'), join(bin, 'plain'), join(bin, 'exec')].join(':');
      const { error, stdout } = await outcome(execFile, 'tool', { env: { PATH } });
      expect(error).to.equal(null);
      expect(stdout).to.equal('exec\n');
    });

    it('reads empty and relative entries from the child working directory', async () => {
      expect((await outcome(execFile, 'tool', { env: { PATH: ':/nonexistent' }, cwd: join(bin, 'exec') })).stdout).to.equal('exec\n');
      expect((await outcome(execFile, 'tool', { env: { PATH: 'exec' }, cwd: bin })).stdout).to.equal('exec\n');
    });

    it('does not search names containing a slash', async () => {
      const { error } = await outcome(execFile, './tool', { env: { PATH: join(bin, 'exec') }, cwd: dir });
      expect((error as NodeJS.ErrnoException | null)?.code).to.equal('ENOENT');
    });

    it('finds a command through options.env.PATH', async () => {
      const { stdout } = await outcome(execFile, 'tool', { env: { PATH: [join(bin, 'plain'), join(bin, 'exec')].join(':') } });
      expect(stdout).to.equal('exec\n');
    });

    it('finds sh with an env that has no PATH', async () => {
      const { error, stdout } = await outcome(execFile, 'sh', ['-c', 'echo ok'], { env: { ONLY: '1' } });
      expect(error).to.equal(null);
      expect(stdout).to.equal('ok\n');
    });

    it('reports the command as named, not the path found', () => {
      const child = cp.spawn('sh', ['-c', 'exit 0'], { stdio: 'ignore' });
      expect(child.spawnfile).to.equal('sh');
      expect(child.spawnargs).to.deep.equal(['sh', '-c', 'exit 0']);
      return once(child, 'close');
    });
  });

  describe('spawn', () => {
    it('passes argv0 and every argument unchanged', async () => {
      const child = cp.spawn(node, [fixture('echo-argv.mjs'), 'a b', 'é', ''], { argv0: 'custom-zero' });
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await once(child, 'close');
      expect(JSON.parse(out)).to.deep.equal({ args: ['a b', 'é', ''], argv0: 'custom-zero' });
    });

    it('accepts cwd as a file: URL', async () => {
      const { stdout } = await outcome(execFile, node, [fixture('report-env.mjs')], { cwd: pathToFileURL(dir) });
      expect(JSON.parse(String(stdout)).cwd).to.equal(dir);
    });

    it('runs the joined command line through /bin/sh with shell: true', async () => {
      const child = cp.spawn('echo "$0"', [';', 'echo', 'second'], { shell: true });
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await once(child, 'close');
      expect(out).to.equal('/bin/sh\nsecond\n');
    });
  });

  describe('fork', () => {
    for (const serialization of ['json', 'advanced'] as const) {
      it(`round-trips messages with ${serialization} serialization`, async () => {
        const child = cp.fork(fixture('ipc-echo.mjs'), ['x'], { serialization, execArgv: [] });
        try {
          const [ready] = await once<[{ argv: string[] }]>(child, 'message');
          expect(ready.argv).to.deep.equal(['x']);
          const message = serialization === 'json' ? { a: [1, 'b'] } : { map: new Map([[1, 'one']]), big: 10n, when: new Date(5), bytes: new Uint8Array([1, 2]) };
          child.send(message);
          const [reply] = await once<[{ echo: unknown }]>(child, 'message');
          expect(reply.echo).to.deep.equal(message);
        } finally {
          child.kill();
        }
      });
    }

    it('tells a child with a custom execPath its channel descriptor in RT_CHANNEL_FD', async () => {
      const child = cp.fork(fixture('channel-fd.sh'), ['RT_CHANNEL_FD'], { execPath: '/bin/sh', execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      try {
        const [hello] = await once<[unknown]>(child, 'message');
        expect(hello).to.deep.equal({ hello: 'from sh', fd: 3 });
        child.send({ ping: 1 });
        const [reply] = await once<[unknown]>(child, 'message');
        expect(reply).to.deep.equal({ got: { ping: 1 } });
      } finally {
        child.kill();
      }
    });

    it('never passes on an inherited RT_CHANNEL_FD to a child without a channel', async () => {
      const { stdout } = await outcome(execFile, node, [fixture('report-env.mjs'), 'RT_CHANNEL_FD'], { env: { RT_CHANNEL_FD: '7' } });
      expect(JSON.parse(String(stdout)).env).to.deep.equal({ RT_CHANNEL_FD: null });
    });

    it('pipes the child output with silent and ignores shell', async () => {
      const child = cp.fork(fixture('exit-code.mjs'), ['0', 'silent-out'], { silent: true, shell: '/nonexistent-shell', execArgv: [] } as host.ForkOptions);
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const [code] = await once<[number]>(child, 'close');
      expect([code, out]).to.deep.equal([0, 'silent-out']);
    });

    it('emits an AbortError on "error" when its signal aborts', async () => {
      const controller = new AbortController();
      const child = cp.fork(fixture('sleep.mjs'), { signal: controller.signal, silent: true, execArgv: [] });
      const failed = once<[Error]>(child, 'error');
      const exited = once<[number | null, string | null]>(child, 'exit');
      await once(child.stdout as NodeJS.EventEmitter, 'data');
      controller.abort();
      const [error] = await failed;
      expect(error.name).to.equal('AbortError');
      expect((await exited)[1]).to.equal('SIGTERM');
    });
  });

  describe('sync variants', () => {
    it('spawnSync returns status and output', () => {
      const result = cp.spawnSync(node, [fixture('exit-code.mjs'), '42', 'o'], { encoding: 'utf8' });
      expect(result).to.include({ status: 42, signal: null, stdout: 'o' });
    });

    it('execSync returns stdout and throws on non-zero exit with status, stdout and stderr', () => {
      expect(cp.execSync('printf hi', { encoding: 'utf8', stdio: 'pipe' })).to.equal('hi');
      const error = thrown(() => cp.execSync('printf o; printf e >&2; exit 7', { encoding: 'utf8', stdio: 'pipe' })) as Error & Record<string, unknown>;
      expect(error).to.include({ status: 7, stdout: 'o', stderr: 'e', message: 'Command failed: printf o; printf e >&2; exit 7\ne' });
    });

    it('execFileSync throws the spawn error for a missing command', () => {
      const error = thrown(() => cp.execFileSync('no-such-command-rtconf', ['a'], { stdio: 'pipe' }));
      expect(error.code).to.equal('ENOENT');
    });
  });

  it('exports the same names as the host module', () => {
    expect(Object.keys(cp).sort()).to.deep.equal(Object.keys(host).filter((key) => key !== 'default').sort());
  });
});
