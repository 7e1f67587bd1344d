import { BenchError } from '../../../common/errors.js';

/** What Node and Python say when a module or package cannot be found. */
const MISSING_MODULE =
  /MODULE_NOT_FOUND|Cannot find (module|package)|ModuleNotFoundError|No module named/;

const HINT =
  'in the sandbox a server sees only the system directories, its runtime, its cwd, the bench ' +
  "config's directory and the files its args and env name; /tmp in particular is private and " +
  "empty there (docs/security.md). Keep the server's files in its cwd (e.g. cwd: the script's " +
  'directory) or in the checkout; --sandbox off shows whether the sandbox is the cause';

/**
 * A start-up failure of a sandboxed server whose output says a module was not found, with a
 * hint that the sandbox hides the rest of the host (a script under /tmp beside its modules
 * worked unsandboxed); any other error as it is.
 */
export function withMissingModuleHint(error: unknown, sandboxed: boolean): unknown {
  if (!sandboxed || !(error instanceof BenchError) || error.code !== 'server_failed') return error;
  if (!MISSING_MODULE.test(`${error.message}\n${error.hint ?? ''}`)) return error;
  return new BenchError(error.code, error.message, {
    hint: `${error.hint ?? ''}\n${HINT}`.trim(),
    cause: error,
  });
}
