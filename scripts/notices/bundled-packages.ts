import { relative, resolve, sep } from 'node:path';

/** The part of esbuild's metafile this reads: each output file and the inputs it carries code of. */
export interface BundleMetafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

const NODE_MODULES = '/node_modules/';

/**
 * The package directory a file belongs to (`…/node_modules/yaml`, `…/node_modules/@scope/name`,
 * the innermost one for a nested copy), or undefined for a file outside node_modules.
 */
export function packageDirOf(file: string): string | undefined {
  const posix = file.split(sep).join('/');
  const at = posix.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const [first = '', second] = posix.slice(at + NODE_MODULES.length).split('/');
  if (first === '' || (first.startsWith('@') && !second)) return undefined;
  const name = first.startsWith('@') ? `${first}/${second ?? ''}` : first;
  return posix.slice(0, at + NODE_MODULES.length) + name;
}

/**
 * Every npm package directory a build carries code from, relative to `root` with `/`
 * (`node_modules/yaml`, `node_modules/@actions/github/node_modules/undici`), sorted. Read from
 * every output the metafile lists (entries, shared chunks, lazy chunks); an input tree-shaking
 * left no bytes of is not counted. Input paths are relative to `root` (esbuild's working dir).
 */
export function bundledPackageDirs(metafile: BundleMetafile, root: string): string[] {
  const dirs = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const dir = bytesInOutput > 0 ? packageDirOf(resolve(root, input)) : undefined;
      if (dir) dirs.add(relative(root, dir).split(sep).join('/'));
    }
  return [...dirs].sort();
}
