import { describe, expect, it } from 'vitest';
import { expandTemplates, findTemplates, templateVariables } from './template-variables.js';

const VARS = templateVariables({
  fake: {
    url: 'http://127.0.0.1:4000',
    proxyUrl: 'http://127.0.0.1:4000',
    caCertPath: '/tmp/ca.pem',
    credentials: { clientId: 'cid', clientSecret: 'csecret', workspaceId: 'ws1' },
  },
  port: 8123,
  home: '/run/home-1',
  tmp: '/run/tmp-1',
});

describe('templates', () => {
  it.each([
    ['no template', 'plain text', 'plain text'],
    ['one', '${fake.url}/api', 'http://127.0.0.1:4000/api'],
    ['several', '${fake.clientId}:${fake.clientSecret}@${fake.workspaceId}', 'cid:csecret@ws1'],
    ['port in a URL', 'http://127.0.0.1:${port}/mcp', 'http://127.0.0.1:8123/mcp'],
    ['dirs and CA', '${home} ${tmp} ${fake.caCertPath}', '/run/home-1 /run/tmp-1 /tmp/ca.pem'],
    ['proxy', '${fake.proxyUrl}', 'http://127.0.0.1:4000'],
    ['escaped', 'literal $${port} and ${port}', 'literal ${port} and 8123'],
    ['a lone dollar', 'pa$$word $5', 'pa$$word $5'],
    ['spaces inside braces', '${ port }', '8123'],
  ])('expands %s', (_name, input, expected) => {
    expect(expandTemplates(input, VARS)).toBe(expected);
  });

  it('throws on an unknown or unterminated template (the loader rejects them first)', () => {
    expect(() => expandTemplates('${fake.token}', VARS)).toThrow('unknown or unterminated');
    expect(() => expandTemplates('${port', VARS)).toThrow('unknown or unterminated');
  });

  it.each([
    ['none', 'x', []],
    ['escaped only', '$${port}', []],
    [
      'known and unknown',
      'a${port}b${nope}',
      [
        { name: 'port', index: 1, text: '${port}', terminated: true },
        { name: 'nope', index: 9, text: '${nope}', terminated: true },
      ],
    ],
    ['unterminated', 'x${tmp/a', [{ name: 'tmp/a', index: 1, text: '${tmp/a', terminated: false }]],
  ])('finds %s', (_name, input, expected) => {
    expect(findTemplates(input)).toEqual(expected);
  });
});
