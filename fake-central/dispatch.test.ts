import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../test/helpers/fake-api.js';

// Error answers through a real fake on 127.0.0.1:0: the live API gives every error its own
// debugId, so a client that logs or deduplicates by it must not see two 404s as one.
const api = useFakeApi({ fixture: 'site-a' });

describe('debugId of error answers', () => {
  it('differs per request on route misses, 405s and handler 404s, and repeats after a reset', async () => {
    const paths = [
      '/no/such/path',
      '/no/such/path',
      '/network-monitoring/v1/clients/00:00:00:00:00:01',
      '/network-monitoring/v1/clients/00:00:00:00:00:01',
    ];
    const ids = async () => {
      const out: string[] = [];
      for (const path of paths) {
        const res = await api.call(path);
        expect(res.status).toBe(404);
        out.push(res.body.debugId as string);
      }
      const wrongMethod = await api.call('/network-monitoring/v1/sites-health', {
        method: 'DELETE',
      });
      expect(wrongMethod.status).toBe(405);
      out.push(wrongMethod.body.debugId as string);
      return out;
    };
    const first = await ids();
    expect(first.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(new Set(first).size).toBe(first.length);
    api.fake.reset();
    expect(await ids()).toEqual(first);
  });
});
