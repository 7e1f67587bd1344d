/**
 * An esbuild plugin that bundles one copy of each package version. npm installs a package once
 * per version it can hoist; when the top level holds another version, every dependent gets its own
 * nested copy of the same version (undici 6.29.1 under both @actions/github and
 * @actions/http-client, beside the top level's undici 7 that the reference server uses), and
 * esbuild, resolving by path, bundled each copy: 0.7 MB of the action's index.js twice.
 *
 * Copies are the same package when their package.json's name and version match (the registry
 * never serves two tarballs for one version). Every import that resolves into a copy is sent to
 * the copy whose directory sorts first, so the choice does not depend on resolution order and the
 * build stays byte-identical run to run.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { packageDirOf } from './notices/bundled-packages.js';

/** Marks the plugin's own `build.resolve` calls, which must not be rerouted again. */
const INNER = Symbol('dedupe-package-copies');

/** A package directory under `node_modules`: `…/node_modules/name` or `…/node_modules/@s/name`. */
function packageDirs(nodeModules: string): string[] {
  let names: string[];
  try {
    names = readdirSync(nodeModules);
  } catch {
    return [];
  }
  const dirs: string[] = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const at = join(nodeModules, name);
    if (name.startsWith('@')) {
      for (const scoped of safeList(at)) dirs.push(join(at, scoped));
    } else dirs.push(at);
  }
  return dirs.filter(isDirectory);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => !name.startsWith('.'));
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function identity(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    return typeof pkg.name === 'string' && typeof pkg.version === 'string'
      ? `${pkg.name}@${pkg.version}`
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every installed copy under `root/node_modules`, nested ones included: package directory →
 * the directory of the copy to bundle instead (only for copies that have a twin sorting first).
 */
export function duplicateCopies(root: string): Map<string, string> {
  const byIdentity = new Map<string, string[]>();
  const pending = [join(root, 'node_modules')];
  for (let nodeModules = pending.pop(); nodeModules; nodeModules = pending.pop()) {
    for (const dir of packageDirs(nodeModules)) {
      const id = identity(dir);
      if (id) byIdentity.set(id, [...(byIdentity.get(id) ?? []), dir]);
      pending.push(join(dir, 'node_modules'));
    }
  }
  const moved = new Map<string, string>();
  for (const dirs of byIdentity.values()) {
    const [first, ...rest] = dirs.sort();
    if (first) for (const dir of rest) moved.set(dir, first);
  }
  return moved;
}

/** The plugin: bare imports that land in a duplicate copy are sent to its twin. */
export function dedupePackageCopies(root: string): Plugin {
  return {
    name: 'dedupe-package-copies',
    setup(build) {
      const moved = duplicateCopies(root);
      if (moved.size === 0) return;
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === INNER) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: INNER,
        });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const dir = packageDirOf(resolved.path);
        const twin = dir === undefined ? undefined : moved.get(dir);
        const path =
          dir === undefined || twin === undefined
            ? resolved.path
            : twin + resolved.path.slice(dir.length);
        const { namespace, sideEffects, suffix } = resolved;
        return { path, namespace, sideEffects, suffix };
      });
    },
  };
}
