// Synthetic stub: every function and class of the three modules exists and throws Error('not implemented'), and
// https.globalAgent is a getter that throws it too. No case may pass, and every failure must show that error.
const notImplemented = () => {
  throw new Error('not implemented');
};
const NotImplementedClass = class {
  constructor() {
    throw new Error('not implemented');
  }
};
const functions = (...names) => Object.fromEntries(names.map((name) => [name, notImplemented]));

export default {
  name: 'stub: throws not implemented',
  version: '0.0.0',
  modules: {
    querystring: functions('parse', 'decode', 'stringify', 'encode', 'escape', 'unescape'),
    child_process: functions('spawn', 'exec', 'execFile', 'fork', 'spawnSync', 'execSync', 'execFileSync'),
    https: {
      ...functions('createServer', 'request', 'get'),
      Agent: NotImplementedClass,
      Server: NotImplementedClass,
      get globalAgent() {
        throw new Error('not implemented');
      },
    },
  },
};
