// needs: processes
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBenchConfig, REFERENCE_SERVER } from '../../config/default-config.js';
import { loadBenchConfig } from '../../config/load-bench-config.js';
import type { ServerConfig } from '../../config/types.js';
import { REPO_ROOT } from '../../../test/helpers/servers/launch/test-servers.js';
import { useLaunchHarness } from '../../../test/helpers/servers/launch/launch-harness.js';

// The default subject, launched exactly as `hpe-mcp-bench run` does with no --config.
const reference = defaultBenchConfig(REPO_ROOT).servers[REFERENCE_SERVER] as ServerConfig;
const harness = useLaunchHarness(REFERENCE_SERVER);
const { launch } = harness;

describe('the reference server through launchServer', () => {
  it('reaches the fake through the proxy with its production URLs', async () => {
    const session = await launch(reference, 'read');
    expect(session.serverInfo.name).toBe('hpe-reference-mcp');
    expect(session.tools.map((t) => t.name)).toContain('list_sites_health');
    harness.fake.reset();
    const outcome = await session.callTool({ name: 'list_sites_health', arguments: {} }, () => {
      throw new Error('no elicitation expected');
    });
    expect(outcome.protocolError).toBeUndefined();
    expect(outcome.isError).toBe(false);
    expect(harness.fake.calls().map((c) => `${c.kind} ${c.host} ${c.method} ${c.path}`)).toEqual([
      'auth sso.common.cloud.hpe.com POST /as/token.oauth2',
      'read us5.api.central.arubanetworks.com GET /network-monitoring/v1/sites-health',
    ]);
  });

  it('enables writes only at the write gate, where the confirmation is accepted', async () => {
    const args = { ssid: 'Guest', changes: { 'vlan-id-range': ['31'] } };
    const events: string[] = [];
    const record = (_message: string, action: string) => events.push(action);

    const read = await launch(reference, 'read');
    harness.fake.reset();
    const refused = await read.callTool({ name: 'update_wlan', arguments: args }, record);
    expect(JSON.stringify(refused.content)).toContain('REFERENCE_ENABLE_WRITES');
    expect(events).toEqual([]);
    expect(harness.fake.calls()).toEqual([]);

    const write = await launch(reference, 'write');
    const done = await write.callTool({ name: 'update_wlan', arguments: args }, record);
    expect(done.structuredContent).toMatchObject({ changed: true, ssid: 'Guest' });
    expect(events).toEqual(['accept']);
    expect(harness.fake.calls().filter((c) => c.kind === 'write')).toHaveLength(1);
  });

  it('runs the reference entry of hpe-mcp-bench.example.yml with the same tools', async () => {
    const example = await loadBenchConfig(join(REPO_ROOT, 'hpe-mcp-bench.example.yml'));
    const fromExample = await launch(example.servers.reference as ServerConfig, 'read');
    const fromDefault = await launch(reference, 'read');
    expect(fromExample.tools).toEqual(fromDefault.tools);
  });
});
