// A broken https candidate for the mutant tests: it loads fine on a runtime without crypto, because it reaches the
// host's https (and with it crypto and tls) only when first used, instead of failing at load as the spec requires.
import { createRequire } from 'node:module';

type Https = typeof import('node:https');

function host(): Https {
  return createRequire(import.meta.url)('node:https') as Https;
}

const lazy = {
  request: (...args: Parameters<Https['request']>) => host().request(...args),
  get: (...args: Parameters<Https['get']>) => host().get(...args),
  createServer: (...args: Parameters<Https['createServer']>) => host().createServer(...args),
};

export default lazy;
