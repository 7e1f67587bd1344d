import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { BenchError } from '../../common/errors.js';
import { realish } from '../../common/real-paths.js';
import { checkServerPaths, pathPolicy } from '../../config/server-paths.js';

/**
 * A server's working directory and (when it is a path) its command, checked before the launch.
 * Inside the sandbox a missing one surfaced as bubblewrap's own `bwrap: Can't chdir …` or
 * `execvp …: No such file or directory`, which reads like a sandbox failure; unsandboxed, as
 * `spawn … ENOENT` for the command even when the cwd was the missing part.
 */
export async function checkLaunchPaths(
  server: string,
  spec: { command: string; cwd: string },
  baseDir: string,
): Promise<void> {
  const where = `(relative paths resolve against ${baseDir}, the bench config's directory)`;
  const cwd = await stat(spec.cwd).catch(() => null);
  if (cwd === null || !cwd.isDirectory()) {
    throw new BenchError(
      'server_failed',
      `${server}: its cwd ${spec.cwd} ${cwd === null ? 'does not exist' : 'is not a directory'}`,
      { hint: `fix \`cwd\` of server "${server}" in the bench config ${where}` },
    );
  }
  // A bare name is looked up on PATH by the spawn itself; a path must be there and executable.
  if (!isAbsolute(spec.command)) return;
  try {
    await access(spec.command, constants.X_OK);
  } catch {
    const exists = await stat(spec.command).then(
      () => true,
      () => false,
    );
    throw new BenchError(
      'server_failed',
      `${server}: its command ${spec.command} ${exists ? 'is not executable' : 'does not exist'}`,
      {
        hint: exists
          ? `chmod +x it, or run it through its interpreter (command: python, args: [${spec.command}])`
          : `fix \`command\` of server "${server}" in the bench config ${where}; install the server first if it is built (e.g. a venv)`,
      },
    );
  }
}

/**
 * The cwd and `writable:` paths as the sandbox binds them, resolved through symbolic links and
 * checked again at launch (a templated cwd is known only now, and a link may have appeared since
 * the config was loaded): throws BenchError('config_invalid') naming each path and where it leads.
 */
export function checkLaunchWritable(
  name: string,
  spec: { cwd: string; env: Record<string, string> },
  options: { baseDir: string; writable: readonly string[] },
): { cwd: string; writable: string[] } {
  const own = (path: string | undefined, what: string) =>
    path === undefined ? [] : [{ path: realish(path), what }];
  const checked = checkServerPaths(
    { cwd: spec.cwd, cwdField: ['cwd'], writable: options.writable },
    pathPolicy(options.baseDir),
    {
      // A read-only cwd anywhere is harmless (the default config runs from the install).
      checkRoots: options.writable.length > 0,
      extraRoots: [
        ...own(spec.env.HOME, 'its own HOME'),
        ...own(spec.env.TMPDIR, 'its own TMPDIR'),
      ],
    },
  );
  if (checked.problems.length > 0) {
    throw new BenchError(
      'config_invalid',
      checked.problems.map((p) => `server "${name}": ${p.message}`).join('\n'),
      { hint: checked.problems[0]?.hint ?? '' },
    );
  }
  return checked;
}
