// unenv 2 (installed under the alias unenv-2): its node:querystring (a port of Node's), node:child_process (every
// function throws "[unenv] … is not implemented yet!") and node:https (Agent is its http Agent; createServer,
// request and get throw "not implemented").
import querystring from 'unenv-2/node/querystring';
import childProcess from 'unenv-2/node/child_process';
import https from 'unenv-2/node/https';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'unenv 2',
  version: packageVersion('unenv-2'),
  modules: { querystring, child_process: childProcess, https },
};
