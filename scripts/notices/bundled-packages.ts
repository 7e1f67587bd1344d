import { relative, sep } from 'node:path';

/** The part of a webpack stats module this reads (`stats.toJson()`, as `ncc --stats-out` writes). */
export interface StatsModule {
  /** The module's resource file, absolute. */
  nameForCondition?: string;
  /** Chunks the module is emitted in; empty for a module concatenated into another. */
  chunks?: unknown[];
  /** The inner modules of a concatenated module. */
  modules?: StatsModule[];
}

/** Webpack stats JSON, the fields this reads. */
export interface WebpackStats {
  modules?: StatsModule[];
  assets?: { name: string }[];
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
 * Every npm package directory a bundle carries code from, relative to `root` with `/`
 * (`node_modules/yaml`, `node_modules/@actions/github/node_modules/undici`), sorted. Read from
 * the modules webpack emitted into a chunk — the entry's and the lazy chunks' — and the modules
 * concatenated into them; modules that were not emitted are not counted.
 */
export function bundledPackageDirs(stats: WebpackStats, root: string): string[] {
  const dirs = new Set<string>();
  const visit = (module: StatsModule): void => {
    const dir = module.nameForCondition && packageDirOf(module.nameForCondition);
    if (dir) dirs.add(relative(root, dir).split(sep).join('/'));
    module.modules?.forEach(visit);
  };
  for (const module of stats.modules ?? []) {
    if ((module.chunks?.length ?? 0) > 0) visit(module);
  }
  return [...dirs].sort();
}
