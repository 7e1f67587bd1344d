import { isScalar } from 'yaml';
import { SECRET_NAMES } from '../common/secrets.js';
import { didYouMean } from '../common/did-you-mean.js';
import type { ScenarioError } from '../scenarios/types.js';
import { errorAt, type YamlDocument } from '../common/yaml-source.js';
import {
  expandTemplates,
  envTemplateName,
  findTemplates,
  isTemplateName,
  TEMPLATE_NAMES,
  templateVariables,
} from './template-variables.js';

type Path = (string | number)[];
type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const KNOWN = TEMPLATE_NAMES.map((name) => '${' + name + '}');
const STDIO_ONLY = ['command', 'args', 'cwd'] as const;
const HTTP_ONLY = ['start', 'url', 'readyPollMs'] as const;

/** Every string of a server entry that is templated, with its path inside the entry. */
function templatedStrings(server: Data): { path: Path; value: string }[] {
  const out: { path: Path; value: string }[] = [];
  const add = (path: Path, value: unknown) => {
    if (typeof value === 'string') out.push({ path, value });
  };
  const addMap = (path: Path, map: unknown) => {
    if (isObject(map)) for (const [k, v] of Object.entries(map)) add([...path, k], v);
  };
  const addList = (path: Path, list: unknown) => {
    if (Array.isArray(list)) list.forEach((v, i) => add([...path, i], v));
  };
  addMap(['env'], server.env);
  if (isObject(server.gates)) {
    for (const [gate, env] of Object.entries(server.gates)) addMap(['gates', gate], env);
  }
  addList(['args'], server.args);
  add(['cwd'], server.cwd);
  add(['url'], server.url);
  if (isObject(server.start)) {
    addList(['start', 'args'], server.start.args);
    add(['start', 'cwd'], server.start.cwd);
  }
  return out;
}

/**
 * The position of the `nth` occurrence of `needle` inside the scalar at `path`, so an error
 * points at the template itself rather than at the start of a long value.
 */
function positionInside(
  source: YamlDocument,
  text: string,
  path: Path,
  needle: string,
  nth: number,
): { line: number; col: number } | undefined {
  const node = source.doc.getIn(path, true);
  if (!isScalar(node) || !node.range) return undefined;
  const raw = text.slice(node.range[0], node.range[1]);
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = raw.indexOf(needle, index + 1);
    if (index < 0) return undefined;
  }
  return source.lineCounter.linePos(node.range[0] + index);
}

function templateErrors(
  source: YamlDocument,
  text: string,
  prefix: Path,
  server: Data,
): ScenarioError[] {
  const errors: ScenarioError[] = [];
  for (const { path, value } of templatedStrings(server)) {
    const full = [...prefix, ...path];
    if (value.includes('\u0000')) {
      // No process can be given one (execve ends a string at NUL); caught here, not at launch.
      errors.push(
        errorAt(
          source,
          full,
          'contains a NUL character, which no process argument or environment can carry',
          {
            hint: 'remove the \\0 escape from the value',
          },
        ),
      );
      continue;
    }
    const seen = new Map<string, number>();
    for (const use of findTemplates(value)) {
      const nth = seen.get(use.text) ?? 0;
      seen.set(use.text, nth + 1);
      if (use.terminated && isTemplateName(use.name)) continue;
      // `${env.NAME}` passes one variable of the job's environment through, in env and gates only.
      const inEnv = path[0] === 'env' || path[0] === 'gates';
      const passed = use.terminated ? envTemplateName(use.name) : undefined;
      const withheld = passed !== undefined && (SECRET_NAMES as readonly string[]).includes(passed);
      if (passed !== undefined && inEnv && !withheld) continue;
      const message = withheld
        ? `${use.text} names ${passed}, which the harness withholds from every server it starts (a secret of the job)`
        : !use.terminated
          ? `unterminated template ${use.text}`
          : envTemplateName(use.name) !== undefined
            ? `${use.text} may only be used in env and gates values`
            : `unknown template variable ${use.text}`;
      const hint = withheld
        ? 'a server under test never gets the job’s tokens or model keys; give it a credential of its own under another name'
        : use.terminated
          ? `${didYouMean(use.text, KNOWN)}known: ${KNOWN.join(', ')}, and \${env.NAME} in env and gates values; write $\${ for a literal \${`
          : 'close it with }, or write $${ for a literal ${';
      const at = positionInside(source, text, full, use.text, nth);
      const error = errorAt(source, full, message, { hint });
      errors.push(at ? { ...error, ...at } : error);
    }
  }
  return errors;
}

function fieldErrors(source: YamlDocument, prefix: Path, server: Data): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const misplaced = server.transport === 'stdio' ? HTTP_ONLY : STDIO_ONLY;
  if (server.transport === 'stdio' || server.transport === 'http') {
    const other = server.transport === 'stdio' ? 'http' : 'stdio';
    for (const field of misplaced) {
      if (!(field in server)) continue;
      const hint =
        other === 'stdio'
          ? 'an http server is started by start: { command, args, cwd }'
          : 'remove it, or set transport: http';
      errors.push(
        errorAt(source, [...prefix, field], `"${field}" is only for transport: ${other}`, {
          at: 'key',
          hint,
        }),
      );
    }
  }
  const commands: Path[] = [['command'], ['start', 'command']];
  for (const path of commands) {
    const value = path.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), server);
    if (typeof value === 'string' && value.includes('${')) {
      errors.push(
        errorAt(source, [...prefix, ...path], 'templates are not expanded in a command', {
          hint: 'name the executable here and put ${…} values in args or env',
        }),
      );
    }
  }
  return errors;
}

function networkErrors(source: YamlDocument, prefix: Path, server: Data): ScenarioError[] {
  if (server.network !== 'direct') return [];
  const usesFakeUrl = templatedStrings(server).some(
    ({ path, value }) => path[0] !== 'url' && value.includes('${fake.url}'),
  );
  if (usesFakeUrl) return [];
  return [
    errorAt(
      source,
      [...prefix, 'network'],
      'network: direct, but no env value or argument uses ${fake.url}',
      {
        hint: 'point the server at the fake, e.g. env: { CENTRAL_BASE_URL: "${fake.url}" }, or use network: proxy',
      },
    ),
  ];
}

const SAMPLE = templateVariables({
  fake: {
    url: 'http://127.0.0.1:1',
    proxyUrl: 'http://127.0.0.1:1',
    caCertPath: '/ca.pem',
    credentials: { clientId: 'id', clientSecret: 'secret', workspaceId: 'ws' },
  },
  port: 1,
  home: '/home',
  tmp: '/tmp',
});

function urlErrors(source: YamlDocument, prefix: Path, server: Data): ScenarioError[] {
  if (typeof server.url !== 'string') return [];
  let protocol: string;
  try {
    protocol = new URL(expandTemplates(server.url, SAMPLE)).protocol;
  } catch {
    // An unknown template is reported by templateErrors; an unparsable URL lands here too.
    if (findTemplates(server.url).some((u) => !u.terminated || !isTemplateName(u.name))) return [];
    protocol = '';
  }
  if (protocol === 'http:' || protocol === 'https:') return [];
  return [
    errorAt(source, [...prefix, 'url'], `"${server.url}" is not an http(s) URL`, {
      hint: 'the streamable-HTTP endpoint, e.g. http://127.0.0.1:${port}/mcp',
    }),
  ];
}

/**
 * The checks a schema cannot express, run defensively on whatever the document holds (so they
 * add to schema errors rather than wait for them): unknown `${…}` templates at their exact
 * position, fields of the other transport, templates in commands, `network: direct` without a
 * base-URL override, and a `url` that is not http(s).
 */
export function checkBenchConfig(source: YamlDocument, text: string): ScenarioError[] {
  const servers = isObject(source.data) ? source.data.servers : undefined;
  if (!isObject(servers)) return [];
  const errors: ScenarioError[] = [];
  for (const [name, server] of Object.entries(servers)) {
    if (!isObject(server)) continue;
    const prefix: Path = ['servers', name];
    errors.push(
      ...templateErrors(source, text, prefix, server),
      ...fieldErrors(source, prefix, server),
      ...networkErrors(source, prefix, server),
      ...urlErrors(source, prefix, server),
    );
  }
  return errors;
}
