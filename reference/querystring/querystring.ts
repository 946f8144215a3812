// The module object, shaped like the host's `querystring` exports. It is the object applications patch: assigning
// `querystring.escape` or `querystring.unescape` changes what `stringify` and `parse` use from then on.
import { bindExports } from './_live-exports.js';
import { escape } from './escape.js';
import { parse } from './parse.js';
import { stringify } from './stringify.js';
import { unescape } from './unescape.js';
import { unescapeBuffer } from './unescape-buffer.js';

export interface QuerystringExports {
  parse: typeof parse;
  decode: typeof parse;
  stringify: typeof stringify;
  encode: typeof stringify;
  escape: typeof escape;
  unescape: typeof unescape;
  unescapeBuffer: typeof unescapeBuffer;
}

/** The reference `rt:querystring` module. */
export const querystring: QuerystringExports = {
  unescapeBuffer,
  unescape,
  escape,
  stringify,
  encode: stringify,
  parse,
  decode: parse,
};

bindExports(querystring);
