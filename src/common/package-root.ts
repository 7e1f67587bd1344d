import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUp } from '../../fake-central/index.js';
import { BenchError } from './errors.js';

const MARKER = ['scenarios', 'scenario.schema.json'];

/**
 * The package root above `start`: the directory holding `scenarios/scenario.schema.json`. Throws
 * when there is none: the install is incomplete, and guessing (the working directory) would read
 * another tree's scenarios and schemas, or seal the wrong directory from the servers.
 */
export function packageRootFrom(start: string): string {
  const found = findUp(start, MARKER.join('/'));
  if (found === undefined)
    throw new BenchError(
      'internal',
      `hpe-mcp-bench cannot find its package root (a directory holding ${MARKER.join('/')}) above ${start}`,
      {
        hint: 'reinstall hpe-mcp-bench (its npm package and the action ship scenarios/); from a checkout, run it inside the repository',
      },
    );
  return dirname(dirname(found));
}

/**
 * The hpe-mcp-bench package root, found from this module whether it runs from source or from a
 * dist bundle (the same walk the fake uses for its fixtures).
 */
export function packageRoot(): string {
  return packageRootFrom(dirname(fileURLToPath(import.meta.url)));
}
