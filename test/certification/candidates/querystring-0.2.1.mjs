// querystring@0.2.1 (the npm package "querystring", installed under the alias querystring-0.2.1): Node's old
// querystring module as a standalone package. It exports parse, decode, stringify and encode, not escape/unescape.
import querystring from 'querystring-0.2.1';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'querystring 0.2.1',
  version: packageVersion('querystring-0.2.1'),
  modules: { querystring },
};
