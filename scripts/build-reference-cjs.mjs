// Build step after tsc (`npm run build`, `prepare`): the reference rt:https also as one CommonJS file,
// dist/reference/https.cjs. The no-crypto cases load a candidate's https module with require() in a child
// process whose preload blocks crypto. On Node versions where require() of an ES module bypasses the module hooks
// (20.19+ without module.registerHooks), requiring the ES build proves nothing; requiring this file goes through
// Module._load, which the preload controls, as any CommonJS package would. runners/reference-modules.ts points the
// cases at it when it exists.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: ['reference/https.ts'],
  outfile: 'dist/reference/https.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  logLevel: 'warning',
});
