// https-browserify: browserify's https, which is its http module (here, in Node, node:http) with request/get forcing
// the protocol to https:. Its https module loads without crypto from its package entry, declared for the no-crypto cases.
import https from 'https-browserify';
import { packageFileUrl, packageVersion } from './_package-version.mjs';

export default {
  name: 'https-browserify',
  version: packageVersion('https-browserify'),
  modules: { https },
  declared: { httpsLoadTarget: { specifier: packageFileUrl('https-browserify', 'index.js') } },
};
