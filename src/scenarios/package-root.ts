import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The hpe-mcp-bench package root (the directory holding `scenarios/scenario.schema.json`), found
 * from this module whether it runs from source or from a dist bundle.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'scenarios', 'scenario.schema.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve('.');
}
