import { lstatSync, mkdirSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute } from 'node:path';
import { inside, realish } from '../../../common/real-paths.js';
import { runtimeDirs } from './host-view.js';
import type { SpawnSpec } from './types.js';
import type { SandboxSettings } from './types.js';
import { makeWritableDirs } from './writable-dirs.js';

/**
 * The mounts of one launch on top of bwrapBaseArgs (the system directories, private /tmp, /run,
 * /dev/shm), read-only first, parents before children: the server's runtime (host-view.ts), its
 * cwd, the config's directory and what its environment and arguments name (the fake's CA
 * bundle, a script) — all resolved, never a socket, FIFO or device, never `/`, a directory
 * holding the harness user's home, or the temp directory itself; then its HOME, TMPDIR and declared paths,
 * writable, as resolved and checked (src/config/server-paths.ts).
 */
export function mountArgs(spec: SpawnSpec, settings: SandboxSettings): string[] {
  const readOnly = new Set<string>();
  const home = realish(homedir());
  const tmp = realish(tmpdir());
  const see = (path: string, files: boolean) => {
    if (!isAbsolute(path)) return;
    const real = realish(path);
    // Never `/`, the home or the temp directory as a whole (a checkout holding TMPDIR is shown:
    // its sockets stay unconnectable, seccomp-filter.ts).
    if (real === '/' || real === tmp || inside(home, real)) return;
    try {
      const stat = lstatSync(real);
      if (stat.isDirectory() || (files && stat.isFile())) readOnly.add(real);
    } catch {
      // not there: nothing to show
    }
  };
  for (const dir of runtimeDirs(spec, [process.execPath])) see(dir, false);
  see(settings.cwd, false);
  for (const dir of settings.visible) see(dir, false);
  for (const value of [...Object.values(spec.env), ...spec.args]) see(value, true);
  const args: string[] = [];
  for (const path of [...readOnly].sort((a, b) => a.length - b.length)) {
    args.push('--ro-bind', path, path);
  }
  for (const path of [settings.home, settings.tmp]) mkdirSync(path, { recursive: true });
  makeWritableDirs(settings.cwd, settings.writable);
  for (const path of [settings.home, settings.tmp, ...settings.writable]) {
    args.push('--bind', path, path);
  }
  // bwrap's root is a tmpfs holding the mount points it made (/work, /root…): read-only too.
  args.push('--remount-ro', '/');
  return args;
}
