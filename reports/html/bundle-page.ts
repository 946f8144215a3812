// Bundles a page's TypeScript modules (reports/html/page/) into the one classic script its index.html inlines: the
// report's (entry `page/report/main.ts`) or the dashboard's (`page/dashboard/main.ts`), which share the helpers of
// `page/shared/` (dom.ts, labels.ts and the others). Used at build time (scripts/build-page.mjs writes dist/reports/html/page.js and dashboard.js)
// and, when a prebuilt file is absent (the TypeScript sources run through tsx), at run time by reports/html-report.ts
// and reports/dashboard-html.ts.
import type * as Esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../../io/package-root.js';

/** The report page's entry module, relative to the package root. */
export const PAGE_ENTRY = 'reports/html/page/report/main.ts';

/** The dashboard page's entry module (`rtconf dashboard`), relative to the package root. */
export const DASHBOARD_ENTRY = 'reports/html/page/dashboard/main.ts';

/**
 * Bundles a page script in memory: one readable (not minified) IIFE for browsers, no imports left.
 * @param entry the entry module relative to the package root: `PAGE_ENTRY` (the default) or `DASHBOARD_ENTRY`
 * @returns the script text, with LF line ends
 * @throws when esbuild reports an error in the page sources
 * @example
 * writeFileSync('dist/reports/html/page.js', bundlePageScript());
 * writeFileSync('dist/reports/html/dashboard.js', bundlePageScript(DASHBOARD_ENTRY));
 */
export function bundlePageScript(entry: string = PAGE_ENTRY): string {
  const root = packageRoot();
  // Loaded on first use: the compiled CLI reads the prebuilt page and should not pay for loading esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const result = esbuild.buildSync({
    absWorkingDir: root,
    entryPoints: [join(root, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: false,
    charset: 'utf8',
    legalComments: 'none',
    sourcemap: false,
    logLevel: 'silent',
    banner: { js: `// An rt conformance page, bundled from ${entry} and its modules. Do not edit: change the sources.` },
    // Given here rather than found on disk, so the bundle is the same wherever it is made (tsconfig.json is not
    // shipped). alwaysStrict: the script starts with "use strict".
    tsconfigRaw: { compilerOptions: { alwaysStrict: true } },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`bundling ${entry} produced no output`);
  return output.text.replace(/\r\n?/g, '\n');
}
