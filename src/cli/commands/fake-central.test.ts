import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getToken, writeTempBundle } from '../../../test/helpers/temp-bundle.js';
import { runCliCaptured, startCli } from '../../../test/helpers/run-cli.js';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function tempBundle(): string {
  const b = writeTempBundle({
    'clients.json': [
      { id: 'AA:BB:CC:DD:EE:FF', macAddress: 'AA:BB:CC:DD:EE:FF', status: 'Connected' },
    ],
  });
  cleanups.push(b.cleanup);
  return b.dir;
}

describe('hpe-mcp-bench fake-central', () => {
  it('prints one JSON line, logs each request on stderr and stops on a signal', async () => {
    const run = startCli(['fake-central', '--fixture', tempBundle()]);
    const info = JSON.parse(await run.firstLine()) as Record<string, unknown>;
    expect(Object.keys(info)).toEqual([
      'url',
      'proxy',
      'caCertPath',
      'clientId',
      'clientSecret',
      'workspaceId',
    ]);
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.clientId).toBe('test-client');
    const token = await getToken(info.url as string);
    const res = await fetch(`${info.url as string}/network-monitoring/v1/clients?limit=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    run.stop('SIGTERM');
    expect(await run.done).toBe(0);
    expect(run.stdout().trim().split('\n')).toHaveLength(1);
    expect(run.stderr()).toContain('1 POST 127.0.0.1/as/token.oauth2 -> 200 auth');
    expect(run.stderr()).toContain(
      '2 GET 127.0.0.1/network-monitoring/v1/clients?limit=5 -> 200 read',
    );
    expect(run.stderr()).toContain('SIGTERM received');
    await expect(fetch(info.url as string)).rejects.toThrow();
  });

  it.each([
    [[], 400],
    [['--lenient'], 200],
    [['--strict-query'], 400],
  ])('%j: an unknown monitoring query parameter answers %i', async (flags, status) => {
    const run = startCli(['fake-central', '--fixture', tempBundle(), '--quiet', ...flags]);
    cleanups.push(async () => {
      run.stop('SIGTERM');
      await run.done;
    });
    const info = JSON.parse(await run.firstLine()) as { url: string };
    const res = await fetch(`${info.url}/network-monitoring/v1/clients?bogus-param=1`, {
      headers: { authorization: `Bearer ${await getToken(info.url)}` },
    });
    expect(res.status).toBe(status);
  });

  it('refuses --lenient with --strict-query, naming the fix', async () => {
    const { code, stderr } = await runCliCaptured(['fake-central', '--lenient', '--strict-query']);
    expect(code).toBe(2);
    expect(stderr).toContain('--lenient and --strict-query contradict each other');
    expect(stderr).toContain('drop --strict-query');
  });

  it('lists the bundles when the fixture is unknown', async () => {
    const { code, stderr, stdout } = await runCliCaptured([
      'fake-central',
      '--fixture',
      'no-such-bundle',
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Unknown fixture bundle "no-such-bundle"');
    expect(stderr).toContain('hint: available bundles:');
  });

  it('says so when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as AddressInfo).port;
    const { code, stderr } = await runCliCaptured([
      'fake-central',
      '--fixture',
      tempBundle(),
      '--port',
      String(port),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  });

  it.each([
    [['--port', 'abc'], '--port must be an integer between 0 and 65535, got "abc"'],
    [['--port', '70000'], '--port must be an integer between 0 and 65535, got "70000"'],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('rejects bad options %j', async (args, message) => {
    const { code, stderr } = await runCliCaptured(['fake-central', ...args]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it('reports a malformed fixture file with its line and column', async () => {
    const b = writeTempBundle({ 'clients.json': '[\n{"id": }\n]' });
    cleanups.push(b.cleanup);
    const { code, stderr } = await runCliCaptured(['fake-central', '--fixture', b.dir]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${b.dir}/clients.json:2:8: malformed JSON`);
  });
});

describe('hpe-mcp-bench', () => {
  it('prints usage with no command and rejects an unknown one', async () => {
    expect((await runCliCaptured([])).stdout).toContain('Usage: hpe-mcp-bench <command>');
    const bad = await runCliCaptured(['nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown command "nope"');
  });
});
