import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../common/ajv.js';
import { packageRoot } from '../common/package-root.js';
import { comparedServers } from '../../test/helpers/scenarios/helpers.js';
import type { Scenario } from './types.js';

const schema = JSON.parse(
  readFileSync(join(packageRoot(), 'scenarios', 'scenario.schema.json'), 'utf8'),
) as { required: string[]; properties: Record<string, unknown> };

describe('scenarios/scenario.schema.json', () => {
  it('compiles under strict Ajv', () => {
    expect(() => schemaValidator('scenario.schema.json')).not.toThrow();
    expect(() => schemaValidator('compared-servers.schema.json')).not.toThrow();
  });

  it('has exactly the fields of the Scenario type', () => {
    // A compile error here means the type and this list drifted apart.
    const fields: Record<Exclude<keyof Scenario, 'source'>, true> = {
      id: true,
      suite: true,
      intent: true,
      platform: true,
      fixture: true,
      write_gate: true,
      expected_tools: true,
      expect: true,
      evidence: true,
      result_schema: true,
      notes: true,
      plans: true,
      tags: true,
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(fields).sort());
  });

  it('requires every field of the methodology’s scenario format', () => {
    expect(schema.required).toEqual([
      'id',
      'intent',
      'platform',
      'fixture',
      'write_gate',
      'expected_tools',
      'expect',
      'evidence',
    ]);
  });
});

describe('scenarios/compared-servers.yml', () => {
  it('pins the three compared servers by SHA and version, plus the in-repo reference', async () => {
    const servers = await comparedServers();
    expect(servers.map((s) => [s.name, s.kind, s.repo, s.commit, s.version, s.path])).toEqual([
      [
        'secure-ssid',
        'github',
        'secure-ssid/hpe-networking-mcp',
        '9c7df436ff3f6d4311ae4456df98a6f3e8fcab47',
        '0.10.0',
        undefined,
      ],
      [
        'nowireless4u',
        'github',
        'nowireless4u/hpe-networking-mcp',
        '91fe98424a239a91a48a7745dde14971b11d9eeb',
        '3.7.0.0',
        undefined,
      ],
      [
        'karthik',
        'github',
        'KarthikSKumar98/central-mcp-server',
        '4a947a4387d762d0a7e94be88731d54f894c2a43',
        '0.1.4.2',
        undefined,
      ],
      ['reference', 'local', undefined, undefined, undefined, 'examples/reference-server'],
    ]);
  });
});
