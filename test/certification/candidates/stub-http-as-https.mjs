// Synthetic stub: Node's plain-HTTP module handed over as https. It has every export the spec lists and they all
// work, but over plain HTTP: every case that involves TLS must fail, and none may pass for a TLS behaviour.
import http from 'node:http';

export default {
  name: 'stub: http posing as https',
  version: process.version,
  modules: { https: http },
};
