import { describe, expect, it } from 'vitest';
import type { CallRecord, Json } from '../../fake-central/index.js';
import { classifyCall, type CallEvidence } from './classify-call.js';

const record = (seq: number, over: Partial<CallRecord> = {}): CallRecord => ({
  seq,
  method: 'GET',
  host: 'example',
  path: '/network-monitoring/v1/devices',
  query: { limit: '100' },
  status: 200,
  kind: 'read',
  bodyDigest: null,
  durationMs: 1,
  ...over,
});

const DEVICES: Json = {
  items: [
    { serialNumber: 'CNKFAEL9TV', deviceName: 'SFO-AP-06', status: 'ONLINE' },
    { serialNumber: 'CNKK33ZD02', deviceName: 'SFO-AP-07', status: 'OFFLINE' },
  ],
};

function evidence(over: Partial<CallEvidence> = {}): CallEvidence {
  return {
    records: [record(1)],
    bodies: new Map([[1, DEVICES]]),
    outcome: { content: [{ type: 'text', text: 'x' }], isError: false },
    text: 'SFO-AP-06 CNKFAEL9TV, SFO-AP-07',
    read: true,
    arguments: {},
    ...over,
  };
}

describe('classifyCall', () => {
  it.each<[string, Partial<CallEvidence>, string]>([
    ['values the fake served appear in the answer', {}, 'ok'],
    ['the fake served values, the answer shows none', { text: '[]' }, 'empty'],
    [
      'the fake served nothing identifying',
      { bodies: new Map([[1, { items: [] }]]), text: '[]' },
      'no-data',
    ],
    ['no call at all', { records: [], bodies: new Map(), text: 'nothing' }, 'no-data'],
    ['isError', { outcome: { content: [], isError: true }, text: 'list_devices: 500' }, 'error'],
    [
      'error text in a plain result',
      { bodies: new Map(), text: 'Error: upstream failed' },
      'error',
    ],
    [
      'a call the fake has no route for',
      { records: [record(1, { unrouted: true, status: 404 })], bodies: new Map() },
      'route-miss',
    ],
    [
      'a request the fake refused',
      {
        records: [
          record(1, {
            status: 400,
            refused: {
              operation: 'GET /x',
              rule: 'enum',
              at: 'query:status',
              message: 'bad status',
            },
          }),
        ],
      },
      'rejected',
    ],
    [
      'cut at the call timeout',
      { outcome: { content: [], isError: false, protocolError: 'timeout after 5000ms' } },
      'timeout',
    ],
    [
      'a read tool that wrote',
      { records: [record(1), record(2, { method: 'PATCH', kind: 'write' })] },
      'unsafe',
    ],
  ])('%s', (_name, over, outcome) => {
    expect(classifyCall(evidence(over)).outcome).toBe(outcome);
  });

  it('a tool whose call sent the OAuth client secret to the API is unsafe, even when its answer is right', () => {
    const records = [
      record(1, { kind: 'auth', path: '/as/token.oauth2' }),
      record(2, { credentialSent: ['header:x-client-secret'] }),
    ];
    const verdict = classifyCall(evidence({ records, bodies: new Map([[2, DEVICES]]) }));
    expect([verdict.outcome, verdict.error]).toEqual([
      'unsafe',
      'it sent the OAuth client secret to the API: GET /network-monitoring/v1/devices in header:x-client-secret',
    ]);
  });

  it('a write tool may write', () => {
    const records = [record(1), record(2, { method: 'PATCH', kind: 'write' })];
    expect(classifyCall(evidence({ records, read: false })).outcome).toBe('ok');
  });

  it('leaves out values the tool was given, and the token request', () => {
    const verdict = classifyCall(
      evidence({
        records: [record(1, { kind: 'auth', path: '/oauth2/token' }), record(2)],
        bodies: new Map([[2, DEVICES]]),
        arguments: { serial: 'CNKFAEL9TV' },
        text: 'CNKFAEL9TV',
      }),
    );
    // The only value shown is the one it was asked about: that proves nothing.
    expect(verdict).toMatchObject({ outcome: 'empty', served: 3, shown: [] });
    expect(verdict.calls).toEqual([
      { method: 'GET', path: '/network-monitoring/v1/devices', query: ['limit'], status: 200 },
    ]);
  });

  it('finds a MAC in another notation', () => {
    const bodies = new Map<number, Json>([[1, { macAddress: '20:4c:03:7d:5d:cd' }]]);
    expect(classifyCall(evidence({ bodies, text: 'mac 204C.037D.5DCD' })).outcome).toBe('ok');
  });

  // secure-ssid answers failures in an `{"ok": false, "error": …}` envelope without isError.
  const plain = (text: string): Partial<CallEvidence> => ({
    bodies: new Map([[1, { items: [] }]]),
    text,
  });
  it.each<[string, string, string]>([
    [
      'an ok: false envelope',
      '{"ok": false, "error": "Central API 403: forbidden", "status_code": 403}',
      'Central API 403: forbidden',
    ],
    [
      'ok: false after other keys, its message taken',
      '{"tool": "list_alerts", "data": null, "ok": false, "message": "site not found"}',
      'site not found',
    ],
    [
      'ok: false with a detail',
      '{"ok":false,"detail":"rate limited\\nretry later"}',
      'rate limited',
    ],
    ['ok: false and no text: the answer', '{"ok": false}', '{"ok": false}'],
    [
      'a top-level error object with a message',
      '{"data": [], "error": {"code": 500, "message": "upstream 500"}}',
      'upstream 500',
    ],
    ['a top-level errors list', '{"errors": [{"message": "bad token"}]}', 'bad token'],
    ['plain error text still', 'Error: upstream failed', 'Error: upstream failed'],
    [
      "secure-ssid's GreenLake envelope: a status_code of 403, the API's error in data",
      '{"status_code": 403, "data": {"httpStatusCode": 403, "errorCode": "HPE_GL_ERROR_FORBIDDEN", "message": "Forbidden"}}',
      'Forbidden',
    ],
    [
      "the API's error body passed through",
      '{"httpStatusCode": 500, "errorCode": "HPE_GL_ERROR_INTERNAL_SERVER_ERROR", "message": "Internal Server Error"}',
      'Internal Server Error',
    ],
  ])('error: %s', (_name, text, error) => {
    expect(classifyCall(evidence(plain(text)))).toMatchObject({ outcome: 'error', error });
  });

  it.each<[string, string]>([
    ['ok: true', '{"ok": true, "data": [], "error": null}'],
    ['ok: false nested deeper', '{"ok": true, "data": {"ok": false, "error": "x"}}'],
    [
      'alerts whose items have an error field',
      '{"alerts": [{"type": "error", "error": "AP down", "message": "failed"}], "count": 1}',
    ],
    ['an empty error member', '{"error": "", "errors": [], "items": []}'],
    ['ok: "false" as a string', '{"ok": "false", "items": []}'],
    ['ok: false only as text', 'the last sync said "ok": false, retrying'],
    ['a list of envelopes', '[{"ok": false, "error": "x"}]'],
    ['a status under 400', '{"status_code": 200, "data": []}'],
    ['a status as a word', '{"status": "FAILED", "items": []}'],
    ['a status deeper inside', '{"items": [{"status": 503}]}'],
  ])('no-data, not error: %s', (_name, text) => {
    expect(classifyCall(evidence(plain(text))).outcome).toBe('no-data');
  });

  it.each<[string, Json, boolean]>([
    [
      'a page of a longer collection',
      { count: 1, items: [{ serialNumber: 'CN1' }], total: 9 },
      true,
    ],
    ['a whole collection of two', { count: 2, items: [{ a: 1 }, { a: 2 }], next: null }, true],
    ['a collection of one', { count: 1, items: [{ a: 1 }], total: 1 }, false],
    ['a list without count (not a page)', { items: [{ a: 1 }, { a: 2 }] }, false],
    ['a single object', { serialNumber: 'CN1' }, false],
  ])('paged: %s → %s', (_name, body, paged) => {
    expect(classifyCall(evidence({ bodies: new Map([[1, body]]) })).paged).toBe(paged);
  });
});
