// Module-resolution hooks registered by use-reference.cjs: ES imports of `querystring`, `child_process` and `https`
// (bare or `node:`) from anywhere but the reference itself get the very module object that `require()` gets there
// (use-reference.cjs), as default export and as named exports, so a test that both imports and requires a module
// sees one object, as it would with Node's builtins.
import { createRequire } from 'node:module';

const FILES = { querystring: 'querystring.js', child_process: 'child_process.js', https: 'https.cjs' };
const SCHEME = 'rtconf-reference:';
let referenceUrl = '';

export function initialize(data) {
  referenceUrl = data.referenceUrl;
}

export function resolve(specifier, context, nextResolve) {
  const name = specifier.replace(/^node:/, '');
  if (Object.hasOwn(FILES, name) && !(context.parentURL ?? '').startsWith(referenceUrl)) {
    return { url: `${SCHEME}${name}`, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export function load(url, context, nextLoad) {
  if (!url.startsWith(SCHEME)) return nextLoad(url, context);
  const name = url.slice(SCHEME.length);
  // The export names, read here from the same file; the values come from the test's own thread through require().
  const loaded = createRequire(referenceUrl)(new URL(FILES[name], referenceUrl).pathname);
  const object = loaded && loaded.__esModule && loaded.default ? loaded.default : loaded;
  const names = Object.keys(object).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
  const source = [
    "import { createRequire } from 'node:module';",
    `const object = createRequire(${JSON.stringify(new URL('use-reference.cjs', import.meta.url).href)})('node:${name}');`,
    'export default object;',
    ...names.map((key) => `export const ${key} = object.${key};`),
    '',
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
}
