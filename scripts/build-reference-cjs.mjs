// Build step after tsc (`npm run build`, `prepare`): the reference rt:https also as one CommonJS file,
// dist/reference/https/index.cjs. The no-crypto cases load a candidate's https module with require() in a child
// process whose preload blocks crypto. On Node versions where require() of an ES module bypasses the module hooks
// (20.19+ without module.registerHooks), requiring the ES build proves nothing; requiring this file goes through
// Module._load, which the preload controls, as any CommonJS package would.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['reference/https/index.ts'],
  outfile: 'dist/reference/https/index.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  logLevel: 'warning',
  // The module computes its own location from import.meta.url; in CommonJS that is the file's URL.
  banner: { js: "const __rtconfModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__rtconfModuleUrl' },
});
