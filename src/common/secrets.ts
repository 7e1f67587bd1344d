/**
 * The harness's secrets, taken out of the process environment once at start-up.
 *
 * Why: every child the harness starts without an explicit environment (git, a helper, a
 * library's subprocess) would inherit `process.env`; a server under test gets an explicit one,
 * but anything less careful would hand it the runner's tokens. So the entries call
 * {@link takeSecrets} first thing: the variables in {@link SECRET_NAMES} are read, deleted from
 * the environment object, and kept in the value it returns (one per bench, no module state: two
 * benches in one process never see each other's). The entries hand that value on with the request
 * (`BenchRequest.secrets`); code that needs one asks for it by name
 * (`secrets.get('ANTHROPIC_API_KEY')`), and leak detection and redaction look for every value
 * (`secrets.entries()`, run/execute/harness-secrets.ts).
 *
 * What it does not do: on Linux `/proc/<harness pid>/environ` shows the environment the process
 * was *started* with, whatever is deleted later. A same-user process that can see the harness's
 * pid can read it; the sandbox (src/servers/launch/sandbox/) is what hides the harness from servers.
 *
 * Callers: `processIo()` (the CLI process, `CliIo.secrets`) and the action's `run()`. Libraries that read a
 * secret from `process.env` themselves (`@actions/cache` reads `ACTIONS_RUNTIME_TOKEN` on every
 * request) get it back only for the duration of their calls: {@link withSecretEnv}.
 */

/** Variables that hold a secret the harness may use and no child may inherit. */
export const SECRET_NAMES = [
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'INPUT_GITHUB-TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/** The secrets one bench took from its environment. */
export interface Secrets {
  /** The value taken under a variable's name, or undefined (not set, empty, or not a secret). */
  get(name: string): string | undefined;
  /** Every value held, for leak detection. */
  values(): string[];
  /** Every variable taken, by name (for leak detection, labelled by name). */
  entries(): [string, string][];
}

/** Secrets held in `store` (read-only to its holders). */
function secretsIn(store: ReadonlyMap<string, string>): Secrets {
  return {
    get: (name) => store.get(name),
    values: () => [...store.values()],
    entries: () => [...store.entries()],
  };
}

/** No secrets: a bench whose entry took none (a test that hands an environment in). */
export const noSecrets = (): Secrets => secretsIn(new Map());

/**
 * Reads the variables of {@link SECRET_NAMES} from `env` (default `process.env`), deletes them
 * there and returns them: the caller keeps the value and passes it on. Nothing is kept in this
 * module: a second call on the same environment finds nothing more to take.
 */
export function takeSecrets(env: NodeJS.ProcessEnv = process.env): Secrets {
  const store = new Map<string, string>();
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (value !== undefined) {
      if (value !== '') store.set(name, value);
      // Node's process.env deletes from the C environment too: later children cannot inherit it.
      delete env[name];
    }
  }
  return secretsIn(store);
}

/**
 * Puts `names` back into `env` (from `secrets`) while each call of `target`'s methods runs,
 * then removes them again: for a library that reads its token from `process.env` itself.
 * Nothing else should start children meanwhile (the baseline store runs before and after the
 * bench, not during it).
 */
export function withSecretEnv<T extends object>(
  target: T,
  secrets: Secrets,
  names: readonly SecretName[],
  env: NodeJS.ProcessEnv = process.env,
): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]): Promise<unknown> => {
        for (const name of names) {
          const secret = secrets.get(name);
          if (secret !== undefined) env[name] = secret;
        }
        try {
          return await (value as (...a: unknown[]) => unknown).apply(object, args);
        } finally {
          for (const name of names) delete env[name];
        }
      };
    },
  });
}
