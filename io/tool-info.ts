// The tool's own name and version, as recorded in every results file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

let info: { name: string; version: string } | undefined;

export function toolInfo(): { name: string; version: string } {
  if (info) return info;
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { name: string; version: string };
  info = { name: manifest.name, version: manifest.version };
  return info;
}
