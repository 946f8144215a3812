// @frida/https: the https module of Frida's Node-compatible runtime: an Agent class and globalAgent, and
// createServer, Server, request and get that throw "not implemented".
import https from '@frida/https';
import { packageVersion } from './_package-version.mjs';

export default {
  name: '@frida/https',
  version: packageVersion('@frida/https'),
  modules: { https },
};
