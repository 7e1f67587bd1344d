import type { FakeCentral } from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';
import type { TemplateVariables } from './types.js';

/** Every variable a bench config may template, in the order the docs list them. */
export const TEMPLATE_NAMES = [
  'fake.url',
  'fake.proxyUrl',
  'fake.clientId',
  'fake.clientSecret',
  'fake.workspaceId',
  'fake.caCertPath',
  'port',
  'home',
  'tmp',
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** A `${…}` occurrence in a string: its name and where it starts. */
export interface TemplateUse {
  name: string;
  /** Index of the `$` in the string. */
  index: number;
  /** The text as written, e.g. `${fake.url}` (or `${fake.url` when unterminated). */
  text: string;
  terminated: boolean;
}

// `$${` is a literal `${`; a `$` not followed by `{` is literal too.
const TEMPLATE = /\$\$\{|\$\{([^}]*)(\}?)/g;

/** The `${…}` templates used in a string (escaped `$${` excluded). */
export function findTemplates(value: string): TemplateUse[] {
  const uses: TemplateUse[] = [];
  for (const match of value.matchAll(TEMPLATE)) {
    if (match[0] === '$${') continue;
    uses.push({
      name: (match[1] ?? '').trim(),
      index: match.index,
      text: match[0],
      terminated: match[2] === '}',
    });
  }
  return uses;
}

const ENV_TEMPLATE = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * The variable NAME of a `${env.NAME}` template (the job's environment, passed through only where
 * the config names it), or undefined.
 */
export function envTemplateName(name: string): string | undefined {
  return ENV_TEMPLATE.exec(name)?.[1];
}

/** Every NAME a server config passes through with `${env.NAME}` in `env` or `gates` values. */
export function passedEnvNames(config: {
  env: Record<string, string>;
  gates: Partial<Record<string, Record<string, string>>>;
}): string[] {
  const values = [
    ...Object.values(config.env),
    ...Object.values(config.gates).flatMap((g) => Object.values(g ?? {})),
  ];
  const names = values.flatMap((v) =>
    findTemplates(v).flatMap((u) => (u.terminated ? (envTemplateName(u.name) ?? []) : [])),
  );
  return [...new Set(names)].sort();
}

/**
 * The `env.NAME` template variables for the names a config passes through, read from `host`.
 * A name that is not set is an error naming the server and the variable: passing an empty value
 * silently would make the server fail in a confusing way.
 */
export function passedEnvVariables(
  server: string,
  names: readonly string[],
  host: NodeJS.ProcessEnv,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = host[name];
    if (value === undefined)
      throw new BenchError(
        'config_invalid',
        `server "${server}" passes \${env.${name}} to the server, but ${name} is not set in the harness's environment`,
        {
          hint: `set ${name} in the job's env: (e.g. from a secret), or remove it from the config`,
        },
      );
    out[`env.${name}`] = value;
  }
  return out;
}

/** Whether `name` is a variable the harness provides. */
export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/**
 * Replaces every `${name}` in `value` by its value; `$${` becomes a literal `${`. Names are
 * checked when the config is loaded, so an unknown one here is a harness bug and throws.
 */
export function expandTemplates(value: string, variables: TemplateVariables): string {
  return value.replace(TEMPLATE, (whole: string, name: string | undefined, close: string) => {
    if (whole === '$${') return '${';
    const key = (name ?? '').trim();
    const replacement = variables[key];
    if (close !== '}' || replacement === undefined) {
      throw new Error(`unknown or unterminated template ${whole} in "${value}"`);
    }
    return replacement;
  });
}

/** The values of every template variable for one launch. */
export function templateVariables(input: {
  fake: Pick<FakeCentral, 'url' | 'proxyUrl' | 'caCertPath' | 'credentials'>;
  port: number;
  home: string;
  tmp: string;
}): Record<TemplateName, string> {
  const { fake } = input;
  return {
    'fake.url': fake.url,
    'fake.proxyUrl': fake.proxyUrl,
    'fake.clientId': fake.credentials.clientId,
    'fake.clientSecret': fake.credentials.clientSecret,
    'fake.workspaceId': fake.credentials.workspaceId,
    'fake.caCertPath': fake.caCertPath,
    port: String(input.port),
    home: input.home,
    tmp: input.tmp,
  };
}
