#!/usr/bin/env node
// Runs the compiled CLI. `npm install` builds dist/ (the `prepare` script); without it, say how to get it.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/rtconf.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('rtconf: dist/ is missing; run `npm install` (or `npm run build`) in the rt-conformance package first\n');
  process.exit(2);
}
await import(entry.href);
