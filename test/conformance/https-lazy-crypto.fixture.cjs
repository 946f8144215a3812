// The CommonJS build of a broken https candidate, for the mutant tests: its ES build is correct, but this file, which
// require() is given, loads fine without crypto because it reaches the host's https only when first used.
'use strict';

const host = () => require('node:https');

module.exports = {
  request: (...args) => host().request(...args),
  get: (...args) => host().get(...args),
  createServer: (...args) => host().createServer(...args),
};
