import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHashOf } from '../../fake-central/fixture-store.js';
import { loadScenarios } from './load-scenarios.js';
import { packageRoot } from '../common/package-root.js';
import { comparedServers, writeTree } from '../../test/helpers/scenarios/helpers.js';
import { formatScenarioError } from './types.js';

const DOC = join(packageRoot(), 'docs', 'scenario-format.md');

/** The first ```yaml block after the "## Full example" heading of docs/scenario-format.md. */
function fullExample(): string {
  const markdown = readFileSync(DOC, 'utf8');
  const section = markdown.slice(markdown.indexOf('\n## Full example'));
  const match = /```yaml\n([\s\S]*?)```/.exec(section);
  if (!match?.[1])
    throw new Error('docs/scenario-format.md has no yaml block under "## Full example"');
  return match[1];
}

// The site-a story the example is written against (scripts/fixtures/stories-site-a.ts), in the
// vendor shapes, so the example is checked even before the generated bundle is present.
const SITE_A_DATA = {
  'clients.json':
    '[{"name":"jsmith-laptop","wlanName":"Corp-Secure","status":"Failed","connectedDeviceName":"SFO-AP-02"}]',
  'events.json':
    '[{"description":"Access-Reject from radius-primary (10.10.0.50): password expired for user jsmith"}]',
};
// With the file hashes validate checks the bundle against.
const SITE_A_FILES = Object.fromEntries(
  Object.entries(SITE_A_DATA).map(([name, text]) => [
    name,
    createHash('sha256').update(text).digest('hex'),
  ]),
);
const SITE_A_STAND_IN = {
  'fixtures/central/site-a/manifest.json': JSON.stringify({
    id: 'site-a',
    files: SITE_A_FILES,
    contentHash: contentHashOf(SITE_A_FILES),
  }),
  ...Object.fromEntries(
    Object.entries(SITE_A_DATA).map(([name, text]) => [`fixtures/central/site-a/${name}`, text]),
  ),
};

describe('docs/scenario-format.md', () => {
  it('has a full example that validates', async () => {
    const root = await writeTree({
      ...SITE_A_STAND_IN,
      'scenarios/client-diagnosis.yaml': fullExample(),
    });
    const result = await loadScenarios(['scenarios'], {
      cwd: root,
      root,
      servers: await comparedServers(),
      serversFile: 'compared-servers.yml',
    });
    expect(result.errors.map(formatScenarioError)).toEqual([]);
    expect(result.scenarios.map((s) => s.id)).toEqual(['client-diagnosis-001']);
  });

  it.runIf(existsSync(join(packageRoot(), 'fixtures', 'central', 'site-a', 'manifest.json')))(
    'has a full example grounded in the generated site-a bundle',
    async () => {
      const dir = await writeTree({ 'client-diagnosis.yaml': fullExample() });
      const result = await loadScenarios([join(dir, 'client-diagnosis.yaml')]);
      expect(result.errors.map(formatScenarioError)).toEqual([]);
    },
  );
});
