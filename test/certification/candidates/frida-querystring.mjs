// @frida/querystring: the querystring module of Frida's Node-compatible runtime (an ES module port of Node's).
import * as querystring from '@frida/querystring';
import { packageVersion } from './_package-version.mjs';

export default {
  name: '@frida/querystring',
  version: packageVersion('@frida/querystring'),
  modules: { querystring: querystring.default },
};
