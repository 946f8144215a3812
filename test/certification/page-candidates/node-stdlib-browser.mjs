// node-stdlib-browser's querystring as its bundler plugins ship it to a page (vite-plugin-node-polyfills, and its own
// esbuild, rollup and webpack helpers map `querystring` to this file): its ESM proxy over querystring-es3, which adds
// escape and unescape. The package's `exports` hide the file, so it is imported by its path, as the plugins resolve it;
// the same file runs under Node too (`rtconf run --candidate <this file>`), for comparing the page's verdicts with Node's.
import querystring from '../../../node_modules/node-stdlib-browser/esm/proxy/querystring.js';
import manifest from 'node-stdlib-browser/package.json' with { type: 'json' };

export default {
  name: 'node-stdlib-browser querystring',
  version: manifest.version,
  modules: { querystring },
};
