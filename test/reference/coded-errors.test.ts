// The reference's coded errors look like the host's: the code shows in String(error), the stack's first line and
// inspect, for every error class and the exec callback's maxBuffer error, and the stack starts at the rejecting code.
import { expect } from 'chai';
import * as hostChildProcess from 'node:child_process';
import hostQuerystring from 'node:querystring';
import { inspect } from 'node:util';
import cp from '../../reference/child_process.js';
import qs from '../../reference/querystring.js';
import { codedError, invalidArgType, outOfRange } from '../../reference/internal/errors.js';
import { fixturePath } from '../../conformance/fixture-path.js';

type Coded = Error & { code?: unknown };

function thrown(run: () => unknown): Coded {
  try {
    run();
  } catch (error) {
    return error as Coded;
  }
  throw new Error('expected a throw');
}

/** Everything a reader or a tool sees of an error besides its stack frames. */
function appearance(error: Coded): Record<string, unknown> {
  const shown = inspect(error).split('\n');
  return {
    string: String(error),
    stackHead: error.stack?.split('\n')[0],
    inspectHead: shown[0],
    inspectTail: shown.slice(-2),
    name: error.name,
    nameIsOwn: Object.hasOwn(error, 'name'),
    code: error.code,
    ownEnumerable: Object.keys(error),
    constructor: error.constructor,
    isInstanceOfIt: error instanceof (error.constructor as new () => object),
  };
}

function execFileError(module: typeof hostChildProcess): Promise<Coded> {
  return new Promise((resolve) => {
    module.execFile(process.execPath, [fixturePath('flood.mjs'), 'stdout', '5000'], { maxBuffer: 10 }, (error) => resolve(error as Coded));
  });
}

describe('reference coded errors', () => {
  it('show their code in String(error), the first stack line and inspect, as the host\'s do, with the standard name', () => {
    const host = thrown(() => hostChildProcess.spawn('true', [], { timeout: -1 }));
    const ours = thrown(() => cp.spawn('true', [], { timeout: -1 }));
    expect(String(ours)).to.equal('RangeError [ERR_OUT_OF_RANGE]: The value of "timeout" is out of range. It must be an unsigned integer. Received -1');
    expect(appearance(ours)).to.deep.equal(appearance(host));
    expect(ours).to.be.instanceOf(RangeError);
  });

  it('applies to TypeErrors, URIErrors and plain Errors alike', () => {
    const pairs: Array<[string, () => unknown, () => unknown]> = [
      ['ERR_INVALID_ARG_TYPE', () => hostChildProcess.spawn(1 as unknown as string), () => cp.spawn(1 as unknown as string)],
      ['ERR_INVALID_ARG_VALUE', () => hostChildProcess.spawn(''), () => cp.spawn('')],
      ['ERR_UNKNOWN_SIGNAL', () => hostChildProcess.spawn('true', { killSignal: 'SIGNOPE' as NodeJS.Signals }), () => cp.spawn('true', { killSignal: 'SIGNOPE' })],
      ['ERR_IPC_ONE_PIPE', () => hostChildProcess.spawn('true', { stdio: ['ipc', 'ipc'] }), () => cp.spawn('true', { stdio: ['ipc', 'ipc'] })],
      ['ERR_INVALID_URI', () => hostQuerystring.escape('\ud800'), () => qs.escape('\ud800')],
    ];
    for (const [code, host, ours] of pairs) {
      const expected = appearance(thrown(host));
      expect(expected['code'], code).to.equal(code);
      expect(appearance(thrown(ours)), code).to.deep.equal(expected);
    }
  });

  it('applies to the maxBuffer error passed to the exec callback', async () => {
    const expected = appearance(await execFileError(hostChildProcess));
    const actual = appearance(await execFileError(cp as unknown as typeof hostChildProcess));
    expect(actual).to.deep.equal(expected);
    expect(actual['string']).to.equal('RangeError [ERR_CHILD_PROCESS_STDIO_MAXBUFFER]: stdout maxBuffer length exceeded');
  });

  it('start their stack at the code that rejected the value, not inside the error factory', () => {
    function validateSomething(): never {
      throw outOfRange('something', 'an integer', 1.5);
    }
    const error = thrown(validateSomething);
    expect(error.stack?.split('\n')[1]).to.contain('validateSomething');
    expect(thrown(() => { throw invalidArgType('x', 'of type string', 1); }).stack).to.not.match(/errors\.ts/);
  });

  it('keep the code fixed in the string form while name and message stay live, as the host\'s do', () => {
    const host = thrown(() => hostChildProcess.spawn(1 as unknown as string));
    const ours = codedError(TypeError, 'ERR_INVALID_ARG_TYPE', 'original');
    for (const error of [host, ours]) {
      error.code = 'CHANGED';
      error.name = 'Renamed';
      error.message = 'edited';
    }
    expect(String(ours)).to.equal(String(host));
    expect(String(ours)).to.equal('Renamed [ERR_INVALID_ARG_TYPE]: edited');
  });
});
