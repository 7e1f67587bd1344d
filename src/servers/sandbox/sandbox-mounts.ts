import { lstatSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { PRIVATE_DIRS } from './probe-sandbox.js';
import type { SpawnSpec } from './types.js';
import { makeWritableDirs } from './writable-dirs.js';
import type { SandboxSettings } from './wrap-in-sandbox.js';

/** Where the relay's directory appears inside the sandbox (a private tmpfs, bound read-only). */
export const RELAY_INSIDE = '/run/hmb-relay';

const underPrivate = (path: string): boolean =>
  PRIVATE_DIRS.some((dir) => path === dir || path.startsWith(`${dir}/`));

/**
 * The mounts of one launch on top of bwrapBaseArgs (read-only host, private /tmp, /run,
 * /dev/shm): what the server must see that sits under a private directory (its cwd, its
 * command, files named by its environment such as the fake's CA), read-only; then its HOME,
 * TMPDIR and declared paths, writable; then the relay's directory, read-only.
 */
export function mountArgs(spec: SpawnSpec, settings: SandboxSettings, relayDir: string): string[] {
  const readOnly = new Set<string>();
  const see = (path: string, files: boolean) => {
    if (!isAbsolute(path) || !underPrivate(path)) return;
    try {
      const stat = lstatSync(path);
      // Never a socket, FIFO or device: only what a server reads.
      if (stat.isDirectory() || (files && stat.isFile())) readOnly.add(path);
    } catch {
      // not there: nothing to show
    }
  };
  see(spec.cwd, false);
  for (const dir of settings.visible) see(dir, false);
  if (isAbsolute(spec.command)) see(dirname(spec.command), false);
  for (const value of [...Object.values(spec.env), ...spec.args]) see(value, true);
  const args: string[] = [];
  for (const path of readOnly) args.push('--ro-bind', path, path);
  for (const path of [settings.home, settings.tmp]) mkdirSync(path, { recursive: true });
  makeWritableDirs(settings.cwd, settings.writable);
  for (const path of [settings.home, settings.tmp, ...settings.writable]) {
    args.push('--bind', path, path);
  }
  args.push('--ro-bind', relayDir, RELAY_INSIDE);
  return args;
}
