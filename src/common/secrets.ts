/**
 * The harness's secrets, taken out of the process environment once at start-up.
 *
 * Why: every child the harness starts without an explicit environment (git, a helper, a
 * library's subprocess) would inherit `process.env`; a server under test gets an explicit one,
 * but anything less careful would hand it the runner's tokens. So the entries call
 * {@link takeSecrets} first thing: the variables in {@link SECRET_NAMES} are read, deleted from
 * the environment object, and kept here; code that needs one asks for it by name
 * (`secrets.get('ANTHROPIC_API_KEY')`). Leak detection can look for every value
 * (`secrets.values()`).
 *
 * What it does not do: on Linux `/proc/<harness pid>/environ` shows the environment the process
 * was *started* with, whatever is deleted later. A same-user process that can see the harness's
 * pid can read it; the sandbox (src/servers/launch/sandbox/) is what hides the harness from servers.
 *
 * Callers: `processIo()` (the CLI process) and the action's `run()`. Libraries that read a
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

/** The secrets taken from the environment. */
export interface Secrets {
  /** The value, or undefined when the variable was not set (or empty). */
  get(name: SecretName): string | undefined;
  /** Every value held, for leak detection. */
  values(): string[];
}

const taken = new WeakMap<object, Map<string, string>>();

/**
 * Reads the variables of {@link SECRET_NAMES} from `env` (default `process.env`) and deletes
 * them there. Idempotent per environment object: a second call returns the same values.
 */
export function takeSecrets(env: NodeJS.ProcessEnv = process.env): Secrets {
  let store = taken.get(env);
  if (!store) {
    store = new Map();
    taken.set(env, store);
  }
  for (const name of SECRET_NAMES) {
    const value = env[name];
    if (value !== undefined) {
      if (value !== '') store.set(name, value);
      // Node's process.env deletes from the C environment too: later children cannot inherit it.
      delete env[name];
    }
  }
  const held = store;
  return {
    get: (name) => held.get(name),
    values: () => [...held.values()],
  };
}

/**
 * The value takeSecrets took from `env` under `name`, or undefined: for code that is handed an
 * environment object (`io.env`) and looks a key up by a variable name it was given.
 */
export function takenSecret(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  return taken.get(env)?.get(name);
}

/** Every variable takeSecrets took from `env`, by name (for leak detection). */
export function takenSecretEntries(
  env: Readonly<Record<string, string | undefined>> = process.env,
): [string, string][] {
  return [...(taken.get(env)?.entries() ?? [])];
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
