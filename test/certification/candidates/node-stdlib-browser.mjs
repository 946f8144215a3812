// node-stdlib-browser: the module map bundlers use for Node builtins in the browser. Its querystring is its own proxy
// over querystring-es3 (adding escape/unescape), its https is https-browserify, and its child_process is an empty
// mock (null), so that module is not provided. Its https is the very module the https-browserify adapter certifies
// with a declared load target; this one declares none, so its no-crypto cases are `na`.
import { createRequire } from 'node:module';
import { packageVersion } from './_package-version.mjs';

const require = createRequire(import.meta.url);
const map = require('node-stdlib-browser');
const provided = (name) => (map[name] === null ? undefined : require(map[name]));

const modules = Object.fromEntries(
  ['querystring', 'child_process', 'https'].map((name) => [name, provided(name)]).filter(([, module]) => module !== undefined && module !== null),
);

export default {
  name: 'node-stdlib-browser',
  version: packageVersion('node-stdlib-browser'),
  modules,
};
