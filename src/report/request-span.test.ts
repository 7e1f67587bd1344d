import { describe, expect, it } from 'vitest';
import { requestSpan } from './run-result.js';

const log = [3, 4, 5, 7, 9].map((seq) => ({ seq }));

describe('requestSpan (where a call’s requests sit in the run’s requests)', () => {
  it('holds the records inside the call’s (after, through] range', () => {
    expect(requestSpan({ logSeq: { after: 3, through: 7 } }, log)).toEqual({ first: 1, count: 3 });
    expect(requestSpan({ logSeq: { after: 0, through: 99 } }, log)).toEqual({ first: 0, count: 5 });
    expect(requestSpan({ logSeq: { after: 7, through: 9 } }, log)).toEqual({ first: 4, count: 1 });
  });

  it('is null for a call that made no request or has no range', () => {
    expect(requestSpan({ logSeq: { after: 5, through: 6 } }, log)).toBeNull();
    expect(requestSpan({}, log)).toBeNull();
    expect(requestSpan({ logSeq: { after: 9, through: 9 } }, log)).toBeNull();
  });
});
