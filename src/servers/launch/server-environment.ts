import { expandTemplates } from '../../config/template-variables.js';
import type { ServerConfig, TemplateVariables } from '../../config/types.js';
import type { WriteGate } from '../../scenarios/types.js';

/** What a server's environment is built from; nothing else is read. */
export interface EnvironmentInput {
  config: ServerConfig;
  writeGate: WriteGate;
  /** `fake.serverEnv()`: the proxy and CA trust variables. */
  fakeEnv: Record<string, string>;
  variables: TemplateVariables;
  /** Fresh directories for this launch. */
  home: string;
  tmp: string;
  /** Where PATH and LANG are taken from (default `process.env`); no other variable is read. */
  host?: NodeJS.ProcessEnv;
}

const expandAll = (env: Record<string, string>, variables: TemplateVariables) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, expandTemplates(v, variables)]));

/**
 * The complete, explicit environment of a server under test, later entries winning: PATH and
 * LANG from the harness with a fresh HOME and TMPDIR, then the fake's proxy/CA variables, then
 * the configured `env`, then the `gates` entry of the scenario's write gate. The harness's own
 * variables (tokens, API keys, CI variables) are never copied: only PATH and LANG are read.
 */
export function serverEnvironment(input: EnvironmentInput): Record<string, string> {
  const host = input.host ?? process.env;
  return {
    PATH: host.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: input.home,
    TMPDIR: input.tmp,
    LANG: host.LANG ?? 'C.UTF-8',
    ...input.fakeEnv,
    ...expandAll(input.config.env, input.variables),
    ...expandAll(input.config.gates[input.writeGate] ?? {}, input.variables),
  };
}
