import type { FakeCentral } from '../../fake-central/index.js';
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
