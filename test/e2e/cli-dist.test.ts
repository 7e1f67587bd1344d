// needs: processes
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

const CLI = 'dist/cli/index.js';

describe('the built CLI (dist/cli/index.js)', () => {
  it('serves the bundled default fixture, with proxy and CA, and stops on SIGINT', async () => {
    expect(existsSync(CLI), `${CLI} is missing: run npm run build`).toBe(true);
    const child = spawn(process.execPath, [CLI, 'fake-central'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
      });
      const info = JSON.parse(line) as {
        url: string;
        proxy: string;
        caCertPath: string;
        clientId: string;
        clientSecret: string;
      };
      expect(info.proxy).toBe(info.url);
      expect(existsSync(info.caCertPath)).toBe(true);
      const tokenRes = await fetch(`${info.url}/as/token.oauth2`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: info.clientId,
          client_secret: info.clientSecret,
        }),
      });
      const { access_token } = (await tokenRes.json()) as { access_token: string };
      const sites = await fetch(`${info.url}/network-monitoring/v1/sites-health?limit=1`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(sites.status).toBe(200);
      expect(((await sites.json()) as { total: number }).total).toBe(2); // site-a: two sites
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stderr).toContain(
        'GET 127.0.0.1/network-monitoring/v1/sites-health?limit=1 -> 200 read',
      );
      expect(existsSync(info.caCertPath)).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
