import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { describe, expect, it } from 'vitest';
import { runLoad } from './load.js';

function server(status: number) {
  const hits: number[] = [];
  const s = createServer((_req, res) => {
    hits.push(1);
    res.writeHead(status, { 'content-length': 5 }).end('hello');
  });
  return { s, hits };
}

describe('runLoad', () => {
  it('sends exactly the requested number of requests and measures them', async () => {
    const { s, hits } = server(200);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const pool = new Pool(origin, { connections: 4 });
    try {
      const result = await runLoad({
        dispatcher: pool,
        origin,
        path: '/',
        requests: 37,
        concurrency: 4,
      });
      expect(result.requests).toBe(37);
      expect(hits).toHaveLength(37);
      expect(result.bodyBytes).toBe(5);
      expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
      expect(result.perSecond).toBeGreaterThan(0);
    } finally {
      await pool.close();
      s.close();
    }
  });

  it('fails on a non-200 answer', async () => {
    const { s } = server(503);
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    const pool = new Pool(origin, { connections: 1 });
    try {
      await expect(
        runLoad({ dispatcher: pool, origin, path: '/', requests: 3, concurrency: 1 }),
      ).rejects.toThrow(/answered 503/);
    } finally {
      await pool.close();
      s.close();
    }
  });
});
