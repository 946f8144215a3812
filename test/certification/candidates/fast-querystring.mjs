// fast-querystring: a fast parse/stringify pair (used by fastify); it has no decode, encode, escape or unescape.
import querystring from 'fast-querystring';
import { packageVersion } from './_package-version.mjs';

export default {
  name: 'fast-querystring',
  version: packageVersion('fast-querystring'),
  modules: { querystring: { parse: querystring.parse, stringify: querystring.stringify } },
};
