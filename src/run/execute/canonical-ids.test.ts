import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../../fake-central/index.js';
import { canonicaliseIds, generatedTokens, inventedIds } from './canonical-ids.js';

const FIXTURE_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const A = '48947bde-87a9-4d06-bcf5-c9604d11da8f';
const B = '66ee6b36-857a-49e8-826d-0d91850d90f7';

const call = (method: string, path: string, query: CallRecord['query'] = {}): CallRecord => ({
  seq: 0,
  method,
  host: 'us5.api.central.arubanetworks.com',
  path,
  query,
  status: 200,
  kind: method === 'GET' ? 'read' : 'write',
  bodyDigest: null,
  durationMs: 0,
});
const known = (t: string): boolean => t === FIXTURE_ID;

describe('generatedTokens', () => {
  it('finds UUIDs and long hex runs standing alone, not names or serials', () => {
    expect(
      generatedTokens(`/a/${A.toUpperCase()}/x?h=0123456789abcdef0&n=Guest-2026&sn=CNF7J0T1X2`),
    ).toEqual([A, '0123456789abcdef0']);
    expect(generatedTokens('id-0123456789abcdef0x')).toEqual([]);
  });

  it('finds a token that is the whole text at the shortest length, 16 hex digits, not at 15', () => {
    expect(generatedTokens('0123456789ABCDEF')).toEqual(['0123456789abcdef']);
    expect(generatedTokens('0123456789abcde')).toEqual([]);
  });
});

describe('inventedIds', () => {
  it('numbers the ids the fake did not hand out in order of first appearance', () => {
    const ids = inventedIds(
      [
        call('GET', `/devices/v1/devices/${FIXTURE_ID}`),
        call('POST', `/network-config/v1alpha1/auth-profiles/${A}`),
        call('POST', `/network-config/v1alpha1/authz-policies/${B}`, { profile: A }),
        call('GET', `/network-config/v1alpha1/auth-profiles/${A.toUpperCase()}`),
      ],
      known,
    );
    expect([...ids]).toEqual([
      [A, '{id#1}'],
      [B, '{id#2}'],
    ]);
  });

  it('gives two runs with other random ids the same placeholders', () => {
    const run = (x: string, y: string) =>
      canonicaliseIds(
        [call('POST', `/p/${x}`), call('POST', `/q/${y}`, { ref: [x, y] })],
        inventedIds([call('POST', `/p/${x}`), call('POST', `/q/${y}`, { ref: [x, y] })], known),
      );
    expect(run(A, B)).toEqual(run(crypto.randomUUID(), crypto.randomUUID()));
    expect(run(A, B).map((c) => [c.path, c.query])).toEqual([
      ['/p/{id#1}', {}],
      ['/q/{id#2}', { ref: ['{id#1}', '{id#2}'] }],
    ]);
  });
});

describe('canonicaliseIds', () => {
  it('replaces the ids in every string of a value, keys included, in any case', () => {
    const ids = new Map([[A, '{id#1}']]);
    expect(
      canonicaliseIds(
        { text: `created ${A.toUpperCase()}`, [A]: 3, n: 4, ok: true, list: [A, FIXTURE_ID] },
        ids,
      ),
    ).toEqual({
      text: 'created {id#1}',
      '{id#1}': 3,
      n: 4,
      ok: true,
      list: ['{id#1}', FIXTURE_ID],
    });
  });

  it('returns the value itself when the run invented nothing', () => {
    const value = { a: [1, 2] };
    expect(canonicaliseIds(value, new Map())).toBe(value);
  });
});
