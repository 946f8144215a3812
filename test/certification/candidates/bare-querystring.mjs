// bare-querystring: the querystring module of the Bare runtime, all six functions of the spec.
import querystring from 'bare-querystring';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'bare-querystring',
  version: packageVersion('bare-querystring'),
  modules: { querystring },
};
