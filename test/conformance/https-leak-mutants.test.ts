// Leak mutants of https (see leak-mutants.ts): each differs from the reference in one thing a case could pin beyond
// its rules (the order of listeners, the class of what they are given, an error's class and words, a Host header,
// timeout setters ignored) and must change the verdict of exactly the cases of the rule it breaks, or of none. Every
// case that reads a replaced export runs again against each, so this is in `npm run test:mutants`, not `npm test`.
import { expect } from 'chai';
import type { ClientRequest } from 'node:http';
import { cases } from '../../conformance/https/index.js';
import type { HttpsModule } from '../../conformance/modules.js';
import type { Server as RefServer } from '../../reference/https.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { editRequestOptions, editServer, ref, reference, run, withOptions, type Fn, type Options } from './https-mutant-kit.js';
import { changedCases, recordedRun, replacedExports } from './leak-mutants.js';

/**
 * A mutant that differs from the reference in one thing a case could pin beyond its rules (see leak-mutants.ts): it
 * must change the verdict of exactly the cases in `fails` (the cases of the rule it breaks; none when it breaks none).
 */
interface LeakMutant {
  readonly name: string;
  readonly module: HttpsModule;
  readonly fails: readonly string[];
}

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/** A server whose 'request' events reach their listeners through `deliver` (given the listeners and the arguments). */
function deliverRequests(deliver: (listeners: Fn[], args: unknown[]) => void): Record<string, unknown> {
  return editServer((server) => {
    const emit = server.emit.bind(server) as Emit;
    server.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
      if (event !== 'request') return emit(event, ...args);
      const listeners = server.listeners('request') as Fn[];
      deliver(listeners, args);
      return listeners.length > 0;
    }) as RefServer['emit'];
  });
}

/**
 * The object seen through a proxy that is no instance of its class (its prototype reads Object.prototype) but works as
 * it: properties read from it, methods called on it.
 */
function ofAnotherClass<T extends object>(target: T): T {
  return new Proxy(target, {
    getPrototypeOf: () => Object.prototype,
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? (value as Fn).bind(object) : value;
    },
    set: (object, key, value) => Reflect.set(object, key, value, object),
  });
}

/**
 * request and get whose 'error' events carry a RangeError with other words in place of the error met, except the
 * Error a checkServerIdentity option returned, which the spec says is what the request emits.
 */
function errorsOfAnotherClass(): Record<string, unknown> {
  const wrap = (original: Fn): Fn => (...args: unknown[]) => {
    const returnedByCheck = new WeakSet<object>();
    const edited = withOptions(args, (options) => {
      const check = options['checkServerIdentity'];
      if (typeof check !== 'function') return options;
      return {
        ...options,
        checkServerIdentity: (...checkArgs: unknown[]) => {
          const verdict = (check as Fn)(...checkArgs);
          if (verdict instanceof Error) returnedByCheck.add(verdict);
          return verdict;
        },
      };
    });
    const req = original(...edited) as ClientRequest;
    const emit = req.emit.bind(req) as Emit;
    req.emit = ((event: string | symbol, ...rest: unknown[]): boolean => {
      const [error] = rest;
      if (event !== 'error' || !(error instanceof Error) || returnedByCheck.has(error)) return emit(event, ...rest);
      return emit('error', new RangeError(`the request failed, in other words (${error.message.length} characters before)`));
    }) as ClientRequest['emit'];
    return req;
  };
  return { request: wrap(ref.request), get: wrap(ref.get) };
}

/** Options without the credentials given as PEM text (ca, key, cert): what a TLS stack that reads only bytes sees. */
function withoutTextCredentials(options: Options): Options {
  const kept = { ...options };
  for (const name of ['ca', 'key', 'cert']) if (typeof kept[name] === 'string') delete kept[name];
  return kept;
}

/**
 * request, get, Agent and createServer that drop credentials given as PEM text and keep bytes, as bare-tls 3.1.11
 * does: the spec fixes the form only for a server's key and cert, so only the cases giving them as text may notice.
 */
function credentialsOnlyAsBytes(): Record<string, unknown> {
  const RefAgent = ref['Agent'] as new (options?: Options) => object;
  class BytesOnlyAgent extends RefAgent {
    // The reference's globalAgent (kept, its requests' options are edited) is still an instance of this Agent.
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RefAgent;
    }
    constructor(options?: Options) {
      super(withoutTextCredentials(options ?? {}));
    }
  }
  const isOptions = (arg: unknown): arg is Options => arg !== null && typeof arg === 'object' && !(arg instanceof URL);
  return {
    ...editRequestOptions(withoutTextCredentials),
    Agent: BytesOnlyAgent,
    createServer: (...args: unknown[]) => ref.createServer(...args.map((arg) => (isOptions(arg) ? withoutTextCredentials(arg) : arg))),
  };
}

/**
 * The reference with some exports replaced, everything else kept as it is (its load target too, which the harness
 * declares on it without making it enumerable): the no-crypto cases then load the reference, as a leak mutant leaves
 * loading alone.
 */
function leakMutant(overrides: Record<string, unknown>): HttpsModule {
  const module = Object.defineProperties({}, Object.getOwnPropertyDescriptors(reference)) as Record<string, unknown>;
  return Object.assign(module, overrides) as unknown as HttpsModule;
}

const LEAK_MUTANTS: readonly LeakMutant[] = [
  {
    name: "server that calls its 'request' listeners last registered first (their order is no rule)",
    module: leakMutant(deliverRequests((listeners, args) => [...listeners].reverse().forEach((listener) => listener(...args)))),
    fails: [],
  },
  {
    name: "server whose 'request' listeners get a request and a response of another class",
    module: leakMutant(deliverRequests((listeners, [req, res]) => listeners.forEach((listener) => listener(ofAnotherClass(req as object), ofAnotherClass(res as object))))),
    fails: [],
  },
  {
    name: "request whose 'error' events carry errors of another class with other words (a checkServerIdentity error kept)",
    module: leakMutant(errorsOfAnotherClass()),
    fails: [],
  },
  {
    name: 'request that names the default port in its Host header',
    module: leakMutant(editRequestOptions((options) => (options['port'] === undefined && typeof options['host'] === 'string' ? { ...options, headers: { ...(options['headers'] as Options), host: `${options['host']}:443` } } : options))),
    fails: [],
  },
  {
    name: 'server whose headersTimeout, requestTimeout and keepAliveTimeout keep their defaults when set (defaults right)',
    module: leakMutant(
      editServer((server) => {
        for (const property of ['headersTimeout', 'requestTimeout', 'keepAliveTimeout'] as const) {
          const value = server[property];
          Object.defineProperty(server, property, { get: () => value, set: () => undefined, configurable: true });
        }
      }),
    ),
    fails: ['https.server.headers-timeout-set-on-the-server-answers-408', 'https.server.keep-alive-timeout-closes-idle-connection'],
  },
  {
    // The cases give credentials as bytes; the spec asks for text only of a server's key and cert.
    name: 'TLS options that take ca, key and cert only as bytes, dropping PEM text (as bare-tls 3.1.11)',
    module: leakMutant(credentialsOnlyAsBytes()),
    fails: ['https.create-server.key-cert-as-pem-text'],
  },
];

describe('https cases charge only their own rule', function () {
  // Each mutant reruns up to every case of the module: minutes on a loaded machine.
  this.timeout(600_000);
  let fixtures: RunFixtures;
  // The reference run, with the exports each case reads (see leak-mutants.ts), made once for the suite.
  let recorded: Awaited<ReturnType<typeof recordedRun<HttpsModule>>>;
  before(async () => {
    fixtures = createRunFixtures();
    recorded = await recordedRun(cases, reference as unknown as HttpsModule, (definition, module) => run(definition, module, fixtures));
  });
  after(() => fixtures.close());

  for (const leak of LEAK_MUTANTS) {
    it(`change the verdict of exactly the cases of the rule the mutant "${leak.name}" breaks`, async () => {
      const replaced = replacedExports(reference, leak.module);
      const changed = await changedCases(cases, recorded, replaced, leak.module, (definition, module) => run(definition, module, fixtures));
      expect(changed, "the cases whose verdict differs from the reference's").to.have.members([...leak.fails]);
    });
  }
});
