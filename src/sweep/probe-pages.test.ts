import { describe, expect, it } from 'vitest';
import type { CallRecord, Json } from '../../fake-central/index.js';
import type { CallContext } from './call-tool-twice.js';
import { probePages, SHORT_PAGES } from './probe-pages.js';

const APS = ['SFO-AP-01', 'SFO-AP-02', 'SFO-AP-03'];
const page = (names: string[]): Json => ({
  count: names.length,
  items: names.map((deviceName) => ({ deviceName })),
  total: APS.length,
});

/**
 * A stub of the sweep's session and fake: the "server" reads the APs (in short-pages mode the
 * fake serves them one per page, logged as cut) and answers `answer(short)`.
 */
function stub(answer: (short: boolean) => { text: string; isError?: boolean }, cut = true) {
  let short = false;
  const log: CallRecord[] = [];
  const bodies = new Map<number, Json>();
  const serve = (names: string[]) => {
    const seq = log.length + 1;
    log.push({
      seq,
      method: 'GET',
      host: 'example',
      path: '/network-monitoring/v1/aps',
      query: {},
      status: 200,
      kind: 'read',
      bodyDigest: null,
      durationMs: 1,
      ...(short && cut ? { shortPages: { size: 1, total: APS.length } } : {}),
    });
    bodies.set(seq, page(names));
  };
  const ctx = {
    fake: {
      calls: () => log,
      setShortPages: (pages: number | null) => {
        short = pages !== null;
      },
    },
    session: {
      callTool: () => {
        if (short) for (const name of APS) serve([name]);
        else serve(APS);
        const { text, isError = false } = answer(short);
        return Promise.resolve({ content: [{ type: 'text', text }], isError });
      },
    },
    bodies,
    canonicalise: <T>(value: T) => value,
  } as unknown as CallContext;
  return { ctx, mode: () => short };
}

describe('probePages', () => {
  it('whole: every value of the full-page answer shown again; the mode is off afterwards', async () => {
    const { ctx, mode } = stub(() => ({ text: APS.join(', ') }));
    expect(await probePages(ctx, 'list_aps', {}, APS)).toEqual({
      pages: SHORT_PAGES,
      result: 'whole',
      values: 3,
    });
    expect(mode()).toBe(false);
  });

  it('truncated: the values only on later pages are gone, counted and named', async () => {
    const { ctx } = stub((short) => ({ text: (short ? APS.slice(0, 1) : APS).join(', ') }));
    expect(await probePages(ctx, 'list_aps', {}, APS)).toEqual({
      pages: SHORT_PAGES,
      result: 'truncated',
      values: 2,
      missing: ['SFO-AP-02', 'SFO-AP-03'],
    });
  });

  it('failed: an error under short pages is reported with its first line', async () => {
    const { ctx } = stub(() => ({ text: 'list_aps: page 2 failed\nstack', isError: true }));
    expect(await probePages(ctx, 'list_aps', {}, APS)).toEqual({
      pages: SHORT_PAGES,
      result: 'failed',
      error: 'error: list_aps: page 2 failed',
    });
  });

  it('no page cut (the server asked small pages already): nothing probed', async () => {
    const { ctx } = stub(() => ({ text: '' }), false);
    expect(await probePages(ctx, 'list_aps', {}, APS)).toBeNull();
  });

  it('switches the mode off when the call throws', async () => {
    const { ctx, mode } = stub(() => {
      throw new Error('session closed');
    });
    await expect(probePages(ctx, 'list_aps', {}, APS)).rejects.toThrow('session closed');
    expect(mode()).toBe(false);
  });
});
