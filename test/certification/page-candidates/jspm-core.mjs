// @jspm/core's querystring as jspm ships it to a page: `@jspm/core/nodelibs/querystring`, resolved with the browser
// condition (nodelibs/browser/querystring.js, Node's old module; under Node the same specifier re-exports Node's own).
// It exports parse, decode, stringify and encode, and is handed over as it is. Its Node-run counterpart is
// test/certification/candidates/jspm-core.mjs, which loads the same browser file.
import querystring from '@jspm/core/nodelibs/querystring';
import manifest from '../../../node_modules/@jspm/core/package.json' with { type: 'json' };

export default {
  name: '@jspm/core nodelibs/browser querystring',
  version: manifest.version,
  modules: { querystring },
};
