import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/bench-config.schema.json' with { type: 'json' };
import { REPO_ROOT } from '../../test/helpers/servers/launch/test-servers.js';
import { parseBenchConfig } from './load-bench-config.js';
import { TEMPLATE_NAMES } from './template-variables.js';

const DOC = readFileSync(join(REPO_ROOT, 'docs', 'bench-config.md'), 'utf8');

describe('docs/bench-config.md', () => {
  it('has an example that loads', () => {
    const section = DOC.slice(DOC.indexOf('\n## Example'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const config = parseBenchConfig('docs/bench-config.md', yaml);
    expect(Object.keys(config.servers)).toEqual(['reference', 'my-http-server']);
    expect(config.servers['my-http-server']).toMatchObject({ network: 'direct' });
  });

  it('documents every server field of the schema and every template variable', () => {
    const server = schema.$defs.server.properties;
    const fields = Object.entries(server).flatMap(([name, value]) => {
      const nested = (value as { properties?: Record<string, unknown> }).properties;
      return name === 'start' || !nested ? [name] : Object.keys(nested).map((n) => `${name}.${n}`);
    });
    for (const field of fields) expect(DOC).toContain(`| \`${field}\``);
    for (const name of TEMPLATE_NAMES) expect(DOC).toContain(`| \`\${${name}}\``);
  });
});
