import { existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { packageRoot } from '../common/package-root.js';
import { inside, realish } from '../common/real-paths.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';
import type { ScenarioError } from '../scenarios/types.js';

/** A directory a rule names, with what it is (for the error). */
export interface NamedPath {
  path: string;
  what: string;
}

/** Where a server's directories may lie, and what no server may ever write. */
export interface PathPolicy {
  /** A server's cwd must resolve inside one of these. */
  cwdRoots: NamedPath[];
  /** Never writable: neither the directory, nor anything in it, nor a directory holding it. */
  sealed: NamedPath[];
  /** The harness user's home: never writable as a whole, nor its dot-files and dot-directories. */
  home: string;
}

/** The runner's file-command files (`GITHUB_ENV` …): appending to one changes later steps. */
const FILE_COMMANDS = [
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
];

const named = (path: string | undefined, what: string): NamedPath[] =>
  path === undefined || path === '' ? [] : [{ path: realish(path), what }];

/**
 * The policy for servers of a bench config in `configDir`: cwd inside the workspace
 * (`GITHUB_WORKSPACE`, else the current directory), the config's own directory or the temp
 * directory; sealed are the harness's install (and the `node_modules` holding it when it is an
 * installed package), the workspace's `.git`, `RUNNER_TEMP` and the file-command files' directories.
 */
export function pathPolicy(configDir: string, env: NodeJS.ProcessEnv = process.env): PathPolicy {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const install = packageRoot();
  const holder = dirname(install);
  return {
    cwdRoots: [
      ...named(workspace, 'the workspace'),
      ...named(configDir, "the bench config's directory"),
      ...named(tmpdir(), 'the temp directory'),
    ],
    sealed: [
      ...named(install, "the harness's own install (its dist/ and node_modules)"),
      ...(basename(holder) === 'node_modules' ? named(holder, "the harness's node_modules") : []),
      ...named(join(workspace, '.git'), "the workspace's .git"),
      ...named(env.RUNNER_TEMP, "the runner's temp directory (RUNNER_TEMP)"),
      ...FILE_COMMANDS.flatMap((name) =>
        env[name] ? named(dirname(env[name]), `the runner's file-command directory (${name})`) : [],
      ),
    ],
    home: realish(env.HOME || homedir()),
  };
}

/** The `.git` of the repository holding `dir`, if any (walking up). */
function gitDirOf(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return realish(join(at, '.git'));
    if (dirname(at) === at) return undefined;
  }
}

/** One refused path: the field it came from (relative to the server entry) and why. */
export interface PathProblem {
  field: (string | number)[];
  message: string;
  hint: string;
}

const WRITABLE_HINT =
  'declare only the cache or scratch directory the server needs inside its cwd, e.g. writable: [.cache/uv]';

/** Why `real` (writable `entry`) touches a sealed directory or the home, or undefined. */
function sealedBy(
  real: string,
  policy: PathPolicy,
  repoGit: string | undefined,
): string | undefined {
  const sealed = [
    ...policy.sealed,
    ...(repoGit ? [{ path: repoGit, what: "the repository's .git" }] : []),
  ];
  for (const { path, what } of sealed) {
    if (inside(real, path)) return `lies inside ${what} (${path})`;
    if (inside(path, real)) return `holds ${what} (${path})`;
  }
  if (inside(policy.home, real)) return `holds the harness user's home (${policy.home})`;
  const first = relative(policy.home, real).split(sep)[0] ?? '';
  if (inside(real, policy.home) && first.startsWith('.')) {
    return `lies inside ${join(policy.home, first)}, a dot-entry of the harness user's home`;
  }
  return undefined;
}

/**
 * Checks a server's cwd (absolute, templates expanded) and `writable:` entries against `policy`
 * after resolving symbolic links: the cwd must lie inside a root (`checkRoots`), every writable
 * entry inside the cwd, and none may touch a sealed directory. Returns the problems and the
 * resolved paths (what a bind must use: never the text as written).
 */
export function checkServerPaths(
  input: { cwd: string; cwdField: (string | number)[]; writable: readonly string[] },
  policy: PathPolicy,
  options: { checkRoots: boolean; extraRoots?: NamedPath[] } = { checkRoots: true },
): { problems: PathProblem[]; cwd: string; writable: string[] } {
  const problems: PathProblem[] = [];
  const cwd = realish(input.cwd);
  const roots = [...policy.cwdRoots, ...(options.extraRoots ?? [])];
  if (options.checkRoots && !roots.some((root) => inside(cwd, root.path))) {
    problems.push({
      field: input.cwdField,
      message: `cwd ${input.cwd} resolves to ${cwd}, outside ${roots.map((r) => `${r.what} (${r.path})`).join(', ')}`,
      hint: 'run the server from a directory of the checkout (relative to the bench config), or from ${tmp}, its own fresh scratch directory',
    });
  }
  const repoGit = gitDirOf(cwd);
  const writable = input.writable.map((entry, index) => {
    const real = realish(resolve(cwd, entry));
    const field = ['writable', index];
    if (!inside(real, cwd)) {
      problems.push({
        field,
        message: `writable "${entry}" resolves to ${real}, outside the server's cwd ${cwd} (a symbolic link on the way leads out)`,
        hint: `${WRITABLE_HINT}; a symbolic link is followed by the bind, so it may not lead out of cwd`,
      });
    } else {
      const why = sealedBy(real, policy, repoGit);
      if (why !== undefined) {
        problems.push({
          field,
          message: `writable "${entry}" resolves to ${real}, which ${why}: never writable to a server`,
          hint: WRITABLE_HINT,
        });
      }
    }
    return real;
  });
  return { problems, cwd, writable };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The path problems of every server of a schema-valid config document read from `file`, at
 * load: the cwd (relative to the config's directory; one with a `${…}` template is checked at
 * launch, once expanded) and its `writable:` entries, resolved through symbolic links.
 */
export function configPathErrors(source: YamlDocument, file: string): ScenarioError[] {
  const servers = isObject(source.data) ? source.data.servers : undefined;
  if (!isObject(servers)) return [];
  const configDir = dirname(resolve(file));
  const policy = pathPolicy(configDir);
  const errors: ScenarioError[] = [];
  for (const [name, server] of Object.entries(servers)) {
    if (!isObject(server)) continue;
    const http = server.transport === 'http' && isObject(server.start);
    const raw = http ? (server.start as Record<string, unknown>).cwd : server.cwd;
    const cwdText = typeof raw === 'string' ? raw : '.';
    if (cwdText.includes('${')) continue;
    const writable = Array.isArray(server.writable)
      ? server.writable.filter((w): w is string => typeof w === 'string')
      : [];
    const cwdField = typeof raw === 'string' ? (http ? ['start', 'cwd'] : ['cwd']) : ['transport'];
    const { problems } = checkServerPaths(
      { cwd: resolve(configDir, cwdText), cwdField, writable },
      policy,
    );
    for (const problem of problems) {
      errors.push(
        errorAt(
          source,
          ['servers', name, ...problem.field],
          `server "${name}": ${problem.message}`,
          {
            hint: problem.hint,
          },
        ),
      );
    }
  }
  return errors;
}
