// Preloaded (`node --require`) into a Node core test process: `require('querystring' | 'child_process' | 'https')`,
// with or without the `node:` prefix, returns the reference's module instead of Node's, and ES imports of the same
// names resolve to the same files (through reference-hooks.mjs). Requests made by the reference's own files
// still reach Node's builtins, which the reference is built on.
'use strict';
const Module = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const referenceDir = process.env.RTCONF_REFERENCE_DIR;
if (!referenceDir) throw new Error('use-reference.cjs: RTCONF_REFERENCE_DIR is not set');

/** The reference file each builtin name is redirected to (CommonJS for https, whose ES build imports lazily). */
const redirected = {
  querystring: path.join(referenceDir, 'querystring.js'),
  child_process: path.join(referenceDir, 'child_process.js'),
  https: path.join(referenceDir, 'https.cjs'),
};

const fromReference = (filename) => typeof filename === 'string' && filename.startsWith(referenceDir + path.sep);

const originalLoad = Module._load;
Module._load = function loadWithReference(request, parent, isMain) {
  const name = typeof request === 'string' ? request.replace(/^node:/, '') : request;
  if (Object.hasOwn(redirected, name) && !fromReference(parent?.filename)) {
    const loaded = originalLoad.call(this, redirected[name], parent, isMain);
    // The reference's ES builds reach CommonJS as namespaces (require of an ES module); tests want the module object.
    return loaded && loaded.__esModule && loaded.default ? loaded.default : loaded;
  }
  return originalLoad.call(this, request, parent, isMain);
};

Module.register(pathToFileURL(path.join(__dirname, 'reference-hooks.mjs')), {
  data: { referenceUrl: pathToFileURL(referenceDir + path.sep).href },
});
