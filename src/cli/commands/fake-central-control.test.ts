// needs: processes
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { cliEntry } from '../../../test/helpers/cli-entry.js';

const run = promisify(execFile);
const children: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

/** `hpe-mcp-bench fake-central …` as a real process; resolves with its JSON line. */
async function startFake(args: string[]): Promise<Record<string, string>> {
  const child = spawn(process.execPath, [...cliEntry(), 'fake-central', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  return JSON.parse(line) as Record<string, string>;
}

/** curl, as any language's test suite would call the control API. */
async function curl(...args: string[]): Promise<{ status: number; body: any }> {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) };
}

describe('hpe-mcp-bench fake-central --control', () => {
  it('prints the control URL and token, and serves the control API to curl', async () => {
    const info = await startFake(['--control']);
    expect(Object.keys(info)).toEqual([
      'url',
      'proxy',
      'caCertPath',
      'clientId',
      'clientSecret',
      'workspaceId',
      'control',
      'controlToken',
    ]);
    const auth = ['-H', `Authorization: Bearer ${info.controlToken}`];
    const described = await curl(...auth, `${info.control}/_fake/info`);
    expect(described.body).toMatchObject({ url: info.url, caCertPath: info.caCertPath });
    // A client reaches the API through the proxy with its production URL…
    const env = described.body.env as Record<string, string>;
    const token = await curl(
      '--proxy',
      env.HTTPS_PROXY ?? '',
      '--cacert',
      env.CURL_CA_BUNDLE ?? '',
      '-d',
      `grant_type=client_credentials&client_id=${info.clientId}&client_secret=${info.clientSecret}`,
      'https://sso.common.cloud.hpe.com/as/token.oauth2',
    );
    expect(token.status).toBe(200);
    // …and the control API shows the call.
    const calls = await curl(...auth, `${info.control}/_fake/calls?kind=auth`);
    expect(calls.body.calls).toEqual([
      expect.objectContaining({ method: 'POST', host: 'sso.common.cloud.hpe.com', status: 200 }),
    ]);
    const bad = await curl(
      ...auth,
      '-X',
      'PUT',
      '-d',
      '{"faults": [{"kind": "rate_limit", "every": 0}]}',
      `${info.control}/_fake/faults`,
    );
    expect(bad.status).toBe(400);
    // The harness's fault-plan validator: the pointer, the problem and the fix.
    expect(bad.body.message).toContain('PUT /_fake/faults:1:');
    expect(bad.body.message).toContain('/faults/0/every');
    expect(bad.body.hint).toContain('fault-plan.schema.json');
    const reset = await curl(...auth, '-X', 'POST', `${info.control}/_fake/reset`);
    expect(reset.body.reset).toBe(true);
    expect((await curl(...auth, `${info.control}/_fake/calls`)).body.calls).toEqual([]);
  }, 30_000);

  it('has no control API unless asked', async () => {
    const info = await startFake([]);
    expect(info.control).toBeUndefined();
    expect(info.controlToken).toBeUndefined();
  }, 30_000);
});
