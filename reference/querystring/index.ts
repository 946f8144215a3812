// The reference rt:querystring: named exports and, as default, the patchable module object (`import qs from`).
export { querystring as default, type QuerystringExports } from './querystring.js';
export { parse, parse as decode, type ParseOptions, type ParsedQuery } from './parse.js';
export { stringify, stringify as encode, type StringifyOptions } from './stringify.js';
export { escape } from './escape.js';
export { unescape } from './unescape.js';
export { unescapeBuffer } from './unescape-buffer.js';
