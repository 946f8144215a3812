// unenv 1: what its `nodeless` preset maps querystring, child_process and https to. It implements none of the three,
// so it maps them to its mock proxy: every property is a function, every call returns another mock.
import { createRequire } from 'node:module';
import { env, nodeless } from 'unenv';
import { packageVersion } from './_package-version.mjs';

const require = createRequire(import.meta.url);
const { alias } = env(nodeless);

export default {
  name: 'unenv 1 (nodeless preset)',
  version: packageVersion('unenv'),
  modules: {
    querystring: require(alias.querystring),
    child_process: require(alias.child_process),
    https: require(alias.https),
  },
};
