// needs: processes
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { launchServer } from '../../src/servers/launch/launch-server.js';
import { NOTIFICATION_FLOOD } from '../../src/servers/client/wire-check.js';
import { REPO_ROOT, stdioTestServer, workDir } from '../helpers/servers/launch/test-servers.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral();
});
afterAll(async () => {
  await fake.close();
});

it('reports garbage on stdout, a duplicate response, a server-sent initialize and a notification flood, each once', async () => {
  const session = await launchServer({
    name: 'hostile',
    config: stdioTestServer(undefined, {
      args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/hostile-wire-server.ts']),
      timeouts: { startupMs: 30_000, callMs: 20_000, scenarioMs: 60_000 },
    }),
    fake,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
  });
  try {
    const quiet = await session.callTool({ name: 'chatty', arguments: { count: 5 } }, () => {});
    expect(quiet.protocolError).toBeFalsy();
    const flood = NOTIFICATION_FLOOD + 200;
    const loud = await session.callTool({ name: 'chatty', arguments: { count: flood } }, () => {});
    expect(loud.protocolError).toBeFalsy();
    const found = session.takeProtocolViolations!();
    const brief = found.map((v) => [v.kind, v.method, v.pointer, v.count]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ['message', null, '', 100_000],
        ['response', 'tools/list', '/id', 1],
        ['request', 'initialize', '/method', 1],
        ['notification', 'tools/call', '', flood],
      ]),
    );
    expect(found).toHaveLength(4);
    const garbage = found.find((v) => v.kind === 'message')!;
    expect(garbage.message).toBe(
      '100000 line(s) on stdout that are not JSON-RPC messages (the excerpt is the first)',
    );
    expect(garbage.excerpt).toBe('debug: warming cache 0');
    const loudCall = found.find((v) => v.method === 'tools/call')!;
    expect(loudCall.message).toBe(
      `${flood} notifications during one tools/call of "chatty" (more than ${NOTIFICATION_FLOOD})`,
    );
    expect(found.find((v) => v.kind === 'response')!.message).toMatch(
      /^a second response to request \d+ \(tools\/list\), which was already answered$/,
    );
  } finally {
    await session.close();
  }
}, 120_000);
