import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { REPO_ROOT } from '../../test/helpers/servers/launch/test-servers.js';
import {
  DEFAULT_LIMITS,
  DEFAULT_TIMEOUTS,
  loadBenchConfig,
  parseBenchConfig,
} from './load-bench-config.js';

/** The problems a config text is rejected with, one formatted line each. */
function problems(text: string): string[] {
  try {
    parseBenchConfig('bench.yml', text);
  } catch (error) {
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).code).toBe('config_invalid');
    expect((error as BenchError).hint).toContain('docs/bench-config.md');
    return (error as BenchError).message.split('\n');
  }
  throw new Error('the config was accepted');
}

const STDIO = `servers:
  ref:
    transport: stdio
    command: node
`;

describe('parseBenchConfig', () => {
  it("refuses timeouts past Node's timer range at load, naming the key (not a start-up timeout later)", () => {
    expect(
      problems(`${STDIO}    timeouts: { startupMs: 3000000000, callMs: 2147483648 }\n`),
    ).toEqual([
      "bench.yml:5:28: /servers/ref/timeouts/startupMs: must be at most 2147483647, got number 3000000000 (milliseconds, e.g. 30000, at most 2147483647: Node's timer limit)",
      "bench.yml:5:48: /servers/ref/timeouts/callMs: must be at most 2147483647, got number 2147483648 (milliseconds, e.g. 90000, at most 2147483647: Node's timer limit)",
    ]);
  });

  it('fills in the defaults of a minimal stdio and http server', () => {
    const config = parseBenchConfig(
      'bench.yml',
      `${STDIO}  web:
    transport: http
    start: { command: ./serve }
    url: 'http://127.0.0.1:\${port}/mcp'
`,
    );
    expect(config).toEqual({
      file: 'bench.yml',
      servers: {
        ref: {
          transport: 'stdio',
          command: 'node',
          args: [],
          env: {},
          gates: {},
          network: 'proxy',
          timeouts: DEFAULT_TIMEOUTS,
          writable: [],
          limits: DEFAULT_LIMITS,
        },
        web: {
          transport: 'http',
          start: { command: './serve', args: [] },
          url: 'http://127.0.0.1:${port}/mcp',
          readyPollMs: 100,
          env: {},
          gates: {},
          network: 'proxy',
          timeouts: DEFAULT_TIMEOUTS,
          writable: [],
          limits: DEFAULT_LIMITS,
        },
      },
    });
  });

  it('keeps templates unexpanded (they are expanded at launch) and merges partial timeouts', () => {
    const config = parseBenchConfig(
      'bench.yml',
      `${STDIO}    args: ['--base', '\${fake.url}', 'literal $\${x}']
    cwd: '\${tmp}'
    env: { HOME_DIR: '\${home}', CA: '\${fake.caCertPath}' }
    gates: { write: { FLAG: '1' } }
    network: direct
    protocol: legacy
    timeouts: { callMs: 5 }
    notes: direct mode
`,
    );
    expect(config.servers.ref).toMatchObject({
      args: ['--base', '${fake.url}', 'literal $${x}'],
      cwd: '${tmp}',
      env: { HOME_DIR: '${home}', CA: '${fake.caCertPath}' },
      gates: { write: { FLAG: '1' } },
      network: 'direct',
      protocol: 'legacy',
      timeouts: { ...DEFAULT_TIMEOUTS, callMs: 5 },
      notes: 'direct mode',
    });
  });

  it.each([
    [
      'a misspelt field, with a suggestion',
      `servers:\n  ref:\n    transport: stdio\n    comand: node\n`,
      [
        'bench.yml:3:5: /servers/ref/command: missing required field "command" (transport: stdio needs the executable, e.g. command: node)',
        'bench.yml:4:5: /servers/ref/comand: unknown field "comand" (did you mean "command"? allowed fields: transport, command, args, cwd, start, url, readyPollMs, env, gates, network, protocol, timeouts, writable, limits, notes, scenarioKey, sweep, router)',
      ],
    ],
    [
      'an unknown MCP era',
      `${STDIO}    protocol: moden\n`,
      [
        'bench.yml:5:15: /servers/ref/protocol: must be one of auto, legacy, modern; got a string ("moden") (did you mean "modern"?)',
      ],
    ],
    [
      'an unknown transport',
      `servers:\n  ref:\n    transport: htp\n    command: node\n`,
      [
        'bench.yml:3:16: /servers/ref/transport: must be one of stdio, http; got a string ("htp") (did you mean "http"?)',
      ],
    ],
    [
      'an unquoted boolean in env',
      `${STDIO}    env:\n      ENABLE_WRITES: true\n`,
      [
        'bench.yml:6:22: /servers/ref/env/ENABLE_WRITES: must be a string, got true (environment values are strings: quote numbers and booleans, e.g. "true" or "8000")',
      ],
    ],
    [
      'a number in args',
      `${STDIO}    args: [--port, 8000]\n`,
      [
        'bench.yml:5:20: /servers/ref/args/1: must be a string, got number 8000 (arguments are strings: quote numbers, e.g. "8000")',
      ],
    ],
    [
      'an unknown template variable, pointed at inside the string',
      `${STDIO}    env:\n      BASE: 'https://\${fake.ur}/api'\n`,
      [
        'bench.yml:6:22: /servers/ref/env/BASE: unknown template variable ${fake.ur} (did you mean "${fake.url}"? known: ${fake.url}, ${fake.proxyUrl}, ${fake.clientId}, ${fake.clientSecret}, ${fake.workspaceId}, ${fake.caCertPath}, ${port}, ${home}, ${tmp}, and ${env.NAME} in env and gates values; write $${ for a literal ${)',
      ],
    ],
    [
      'a job variable outside env and gates',
      `${STDIO}    args: ['--key', '\${env.MY_KEY}']\n`,
      [
        'bench.yml:5:22: /servers/ref/args/1: ${env.MY_KEY} may only be used in env and gates values (known: ${fake.url}, ${fake.proxyUrl}, ${fake.clientId}, ${fake.clientSecret}, ${fake.workspaceId}, ${fake.caCertPath}, ${port}, ${home}, ${tmp}, and ${env.NAME} in env and gates values; write $${ for a literal ${)',
      ],
    ],
    [
      'a NUL character in an env value (it hung the sandboxed launch)',
      `${STDIO}    env:\n      TOKEN: "a\\0b"\n`,
      [
        'bench.yml:6:14: /servers/ref/env/TOKEN: contains a NUL character, which no process argument or environment can carry (remove the \\0 escape from the value)',
      ],
    ],
    [
      'a job secret passed to a server (the harness withholds it)',
      `${STDIO}    env:\n      TOKEN: '\${env.GITHUB_TOKEN}'\n`,
      [
        'bench.yml:6:15: /servers/ref/env/TOKEN: ${env.GITHUB_TOKEN} names GITHUB_TOKEN, which the harness withholds from every server it starts (a secret of the job) (a server under test never gets the job’s tokens or model keys; give it a credential of its own under another name)',
      ],
    ],
    [
      'an unterminated template in a gate',
      `${STDIO}    gates:\n      write: { TOKEN_DIR: '\${tmp/x' }\n`,
      [
        'bench.yml:6:28: /servers/ref/gates/write/TOKEN_DIR: unterminated template ${tmp/x (close it with }, or write $${ for a literal ${)',
      ],
    ],
    [
      'a misspelt gate',
      `${STDIO}    gates:\n      writes: { FLAG: '1' }\n`,
      [
        'bench.yml:6:7: /servers/ref/gates/writes: unknown field "writes" (did you mean "write"? allowed fields: read, write, destructive)',
      ],
    ],
    [
      'an http server without its url and with a stdio command',
      `servers:\n  web:\n    transport: http\n    command: serve\n    start: { command: serve }\n`,
      [
        'bench.yml:3:5: /servers/web/url: missing required field "url" (transport: http needs the MCP endpoint, e.g. url: http://127.0.0.1:${port}/mcp)',
        'bench.yml:4:5: /servers/web/command: "command" is only for transport: stdio (an http server is started by start: { command, args, cwd })',
      ],
    ],
    [
      'a url field on a stdio server',
      `${STDIO}    url: http://127.0.0.1:9/mcp\n`,
      [
        'bench.yml:5:5: /servers/ref/url: "url" is only for transport: http (remove it, or set transport: http)',
      ],
    ],
    [
      'a url that is not http(s)',
      `servers:\n  web:\n    transport: http\n    start: { command: serve }\n    url: 'ws://127.0.0.1:\${port}/mcp'\n`,
      [
        'bench.yml:5:10: /servers/web/url: "ws://127.0.0.1:${port}/mcp" is not an http(s) URL (the streamable-HTTP endpoint, e.g. http://127.0.0.1:${port}/mcp)',
      ],
    ],
    [
      'network: direct without a base-URL override',
      `${STDIO}    network: direct\n`,
      [
        'bench.yml:5:14: /servers/ref/network: network: direct, but no env value or argument uses ${fake.url} (point the server at the fake, e.g. env: { CENTRAL_BASE_URL: "${fake.url}" }, or use network: proxy)',
      ],
    ],
    [
      'a template in a command',
      `servers:\n  ref:\n    transport: stdio\n    command: '\${home}/bin/server'\n`,
      [
        'bench.yml:4:14: /servers/ref/command: templates are not expanded in a command (name the executable here and put ${…} values in args or env)',
      ],
    ],
    [
      'a negative timeout and a misspelt one',
      `${STDIO}    timeouts: { startupMs: -1, callms: 5 }\n`,
      [
        "bench.yml:5:28: /servers/ref/timeouts/startupMs: must be at least 1, got number -1 (milliseconds, e.g. 30000, at most 2147483647: Node's timer limit)",
        'bench.yml:5:32: /servers/ref/timeouts/callms: unknown field "callms" (did you mean "callMs"? allowed fields: startupMs, callMs, scenarioMs)',
      ],
    ],
    [
      'a server name that is not kebab-case and a bad variable name',
      `servers:\n  My_Server:\n    transport: stdio\n    command: x\n    env: { 9LIVES: 'y' }\n`,
      [
        'bench.yml:2:3: /servers/My_Server: "My_Server" is not a valid server name (server names are kebab-case and match scenarios/compared-servers.yml, e.g. secure-ssid)',
        'bench.yml:5:12: /servers/My_Server/env/9LIVES: "9LIVES" is not a valid environment variable name (letters, digits and underscores, not starting with a digit)',
      ],
    ],
    [
      'a writable path outside the cwd and a limit too small',
      `${STDIO}    writable: [../elsewhere]\n    limits: { memoryMb: 1 }\n`,
      [
        'bench.yml:5:16: /servers/ref/writable/0: "../elsewhere" is not a valid value (a path inside the server\'s cwd, relative and without .., e.g. .cache/uv)',
        'bench.yml:6:25: /servers/ref/limits/memoryMb: must be at least 64, got number 1 (MiB, e.g. 4096)',
      ],
    ],
    [
      'no servers',
      `servers: {}\n`,
      [
        'bench.yml:1:10: /servers: must have at least 1 entry (name each server under servers:, e.g. servers: { reference: { transport: stdio, command: node, … } })',
      ],
    ],
    [
      'a YAML syntax error',
      `servers:\n  ref: [\n`,
      [
        'bench.yml:3:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
      ],
    ],
    ['two documents', `${STDIO}---\nservers: {}\n`, ['bench.yml:5:1: expected one YAML document']],
    [
      'an empty file',
      '',
      ['bench.yml:1:1: the file is empty (list the servers to run under servers:)'],
    ],
  ])('rejects %s', (_name, text, expected) => {
    expect(problems(text)).toEqual(expected);
  });
});

describe('loadBenchConfig', () => {
  it('loads the documented example', async () => {
    const config = await loadBenchConfig(join(REPO_ROOT, 'hpe-mcp-bench.example.yml'));
    expect(Object.keys(config.servers)).toEqual(['reference']);
    expect(config.servers.reference).toMatchObject({
      transport: 'stdio',
      command: 'node',
      args: ['dist/reference-server/index.js'],
      gates: { write: { REFERENCE_ENABLE_WRITES: '1' } },
    });
  });

  it('accepts every commented-out compared server of the example once uncommented', async () => {
    const text = await readFile(join(REPO_ROOT, 'hpe-mcp-bench.example.yml'), 'utf8');
    // Uncomment the commented-out YAML lines ("  # key: …"); prose comments stay comments.
    const uncommented = text
      .split('\n')
      .map((line) =>
        line.startsWith('  # ') && /^\s*[\w-]+:(\s|$)/.test(line.slice(4))
          ? '  ' + line.slice(4)
          : line,
      )
      .join('\n');
    const config = parseBenchConfig('example.yml', uncommented);
    expect(Object.keys(config.servers)).toEqual([
      'reference',
      'secure-ssid',
      'nowireless4u',
      'karthik',
    ]);
    expect(config.servers['secure-ssid']).toMatchObject({
      env: { HPE_MCP_ROUTER_MODE: 'direct' },
    });
    expect(config.servers.nowireless4u).toMatchObject({
      transport: 'http',
      url: 'http://127.0.0.1:${port}/mcp',
      gates: { write: { ENABLE_CENTRAL_WRITE_TOOLS: 'true' } },
    });
    expect(config.servers.karthik).toMatchObject({
      env: { CENTRAL_BASE_URL: 'https://us5.api.central.arubanetworks.com' },
    });
  });

  it('names a missing file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-config-'));
    await expect(loadBenchConfig(join(dir, 'nope.yml'))).rejects.toMatchObject({
      code: 'config_invalid',
      message: `${join(dir, 'nope.yml')}: bench config file not found`,
    });
  });

  it('reports problems with the file name as given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-config-'));
    const file = join(dir, 'hpe-mcp-bench.yml');
    await writeFile(file, `${STDIO}    env: { A: '\${nope}' }\n`);
    await expect(loadBenchConfig(file)).rejects.toMatchObject({
      message: expect.stringMatching(
        /^\/.*hpe-mcp-bench\.yml:5:16: \/servers\/ref\/env\/A: unknown template variable \$\{nope\}/,
      ),
    });
  });
});
