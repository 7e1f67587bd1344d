import { describe, expect, it } from 'vitest';
import { noticesByPath, sbomTool, type CdxBom } from './sbom-licenses.js';

const b64 = (text: string): string => Buffer.from(text).toString('base64');
const path = (value: string) => [{ name: 'cdx:npm:package:path', value }];

const bom: CdxBom = {
  metadata: { tools: { components: [{ name: 'cyclonedx-npm', version: '6.0.1' }] } },
  components: [
    {
      name: 'github',
      group: '@actions',
      version: '9.1.1',
      licenses: [{ license: { id: 'MIT' } }],
      evidence: {
        licenses: [
          { license: { name: 'file: NOTICE', text: { content: 'plain notice' } } },
          {
            license: {
              name: 'file: LICENSE.md',
              text: { content: b64('MIT\r\nLicense\n\n'), encoding: 'base64' },
            },
          },
        ],
      },
      properties: path('node_modules/@actions/github'),
      components: [
        {
          name: 'undici',
          version: '6.29.1',
          licenses: [{ license: { name: 'MIT-ish' } }],
          properties: path('node_modules/@actions/github/node_modules/undici'),
        },
      ],
    },
    {
      name: 'runtime',
      group: '@protobuf-ts',
      version: '2.11.1',
      licenses: [{ expression: '(Apache-2.0 AND BSD-3-Clause)' }],
      properties: path('node_modules/@protobuf-ts/runtime'),
    },
    // the root project and other components without a package path are not packages
    { name: 'no-path', version: '1.0.0' },
  ],
};

describe('noticesByPath', () => {
  const byPath = noticesByPath(bom);

  it('keys every component, nested ones included, by its package path', () => {
    expect([...byPath.keys()].sort()).toEqual([
      'node_modules/@actions/github',
      'node_modules/@actions/github/node_modules/undici',
      'node_modules/@protobuf-ts/runtime',
    ]);
  });

  it('joins group and name, and reads ids, names and expressions as declared licences', () => {
    expect(byPath.get('node_modules/@actions/github')).toMatchObject({
      name: '@actions/github',
      version: '9.1.1',
      licenses: ['MIT'],
    });
    expect(byPath.get('node_modules/@actions/github/node_modules/undici')?.licenses).toEqual([
      'MIT-ish',
    ]);
    expect(byPath.get('node_modules/@protobuf-ts/runtime')?.licenses).toEqual([
      '(Apache-2.0 AND BSD-3-Clause)',
    ]);
  });

  it('decodes the licence files (base64 or plain), with LF line ends, sorted by file name', () => {
    expect(byPath.get('node_modules/@actions/github')?.texts).toEqual([
      { file: 'LICENSE.md', text: 'MIT\nLicense' },
      { file: 'NOTICE', text: 'plain notice' },
    ]);
    expect(byPath.get('node_modules/@protobuf-ts/runtime')?.texts).toEqual([]);
  });

  it('names the tool that wrote the BOM', () => {
    expect(sbomTool(bom)).toBe('@cyclonedx/cyclonedx-npm 6.0.1');
  });
});
