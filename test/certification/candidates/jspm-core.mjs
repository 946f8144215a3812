// @jspm/core's browser node libraries (nodelibs/browser: what jspm maps querystring, child_process and https to for
// the browser; its nodelibs/node variants only re-export Node's builtins). querystring is Node's old module,
// child_process throws on every call, https is stream-http over fetch and has no server.
import { packageFileUrl, packageVersion } from './_package-version.mjs';

const nodelib = async (name) => (await import(packageFileUrl('@jspm/core', `nodelibs/browser/${name}.js`))).default;

export default {
  name: '@jspm/core nodelibs',
  version: packageVersion('@jspm/core'),
  modules: {
    querystring: await nodelib('querystring'),
    child_process: await nodelib('child_process'),
    https: await nodelib('https'),
  },
};
