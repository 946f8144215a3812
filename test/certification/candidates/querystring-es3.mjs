// querystring-es3: the querystring module browserify ships. It exports parse, decode, stringify and encode, not
// escape/unescape; handed over as it is (the README's example adapter adds the two helpers, this one does not).
import querystring from 'querystring-es3';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'querystring-es3',
  version: packageVersion('querystring-es3'),
  modules: { querystring },
};
