import { describe, expect, it } from 'vitest';
import { whenLine } from './render-doc.js';

describe("docs/gate.md's when line", () => {
  const startedAt = [
    '2026-12-05T09:02:56.100Z',
    '2026-12-05T06:24:24.000Z',
    '2026-12-05T07:41:02.5Z',
  ];

  it('names the window the runs started in, not the time the doc was written', () => {
    expect(whenLine({ startedAt, regated: false })).toBe(
      'runs started 2026-12-05 06:24 UTC to 2026-12-05 09:02 UTC',
    );
  });

  it('says when stored reports were gated again', () => {
    expect(whenLine({ startedAt, regated: true })).toMatch(
      /^runs started 2026-12-05 06:24 UTC to 2026-12-05 09:02 UTC, gated again \d{4}-\d\d-\d\d \d\d:\d\d UTC \(`--regate`\)$/,
    );
  });
});
