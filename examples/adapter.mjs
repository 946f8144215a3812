// A worked adapter: how to certify your own implementation with rtconf.
//
//   npx rtconf run --candidate ./examples/adapter.mjs
//   npx rtconf run --candidate chromium:./examples/adapter.mjs    # bundled for the browser, in a page of Chromium
//
// The default export names the candidate and hands over one object per module it implements. Leave a module out
// and its cases are reported `skip`; misname one (say `childProcess`) and rtconf refuses the adapter with exit 2.
// Each module object must have the spec's exports (querystring: parse, decode, stringify, encode, escape,
// unescape; child_process: spawn, exec, execFile, fork and the sync variants; https: Agent, globalAgent, Server,
// createServer, request, get).
//
// Here the implementation under test is the `querystring-es3` polyfill, wrapped so that it also offers the
// `escape`/`unescape` helpers the spec requires. Replace the import with your own module.
import polyfill from 'querystring-es3';

const querystring = {
  parse: polyfill.parse,
  decode: polyfill.decode,
  stringify: polyfill.stringify,
  encode: polyfill.encode,
  escape: (text) => encodeURIComponent(text),
  unescape: (text) => decodeURIComponent(text),
};

/** @type {{ name: string, version?: string, modules: { querystring?: object, child_process?: object, https?: object } }} */
export default {
  name: 'querystring-es3 (example adapter)',
  version: '0.2.1',
  modules: { querystring },
};
