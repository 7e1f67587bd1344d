import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUp } from '../../fake-central/index.js';

const MARKER = ['scenarios', 'scenario.schema.json'];

/**
 * The hpe-mcp-bench package root (the directory holding `scenarios/scenario.schema.json`), found
 * from this module whether it runs from source or from a dist bundle (the same walk the fake uses
 * for its fixtures).
 */
export function packageRoot(): string {
  const found = findUp(dirname(fileURLToPath(import.meta.url)), MARKER.join('/'));
  return found === undefined ? resolve('.') : dirname(dirname(found));
}
