import { describe, expect, it } from 'vitest';
import type { SweepToolResult } from '../report/sweep-types.js';
import type { ToolCallOutcome } from '../trajectory/types.js';
import { answerLeak, sweepSecrets, watchAnswers } from './answer-leaks.js';

const TOKEN = 'fake-central-Qx7bN2mK9pLr4sT8vW1yZ3aC5dE';
const PSK = 'guest-psk-canary-6a1f';
const secrets = sweepSecrets(
  [PSK, TOKEN],
  [{ id: 'wlan-psk-guest', value: PSK }],
  ['sk-harness-01'],
);

const text = (t: string, isError = false): ToolCallOutcome => ({
  content: [{ type: 'text', text: t }],
  isError,
});

const entry = (tool: string): SweepToolResult => ({
  tool,
  fixture: 'site-a',
  outcome: 'ok',
  arguments: {},
  calls: [],
  digest: null,
  served: 2,
  shown: ['AP-1'],
});

describe('sweepSecrets', () => {
  it("labels the bundle's canaries by id, the fake's other canaries as bearer tokens", () => {
    expect(secrets.map((s) => s.label)).toEqual([
      'canary wlan-psk-guest',
      'bearer token',
      'harness secret',
    ]);
  });
});

describe('answerLeak', () => {
  it('finds a secret in an error text, a structuredContent or a protocol error', () => {
    expect(answerLeak(text(`list_aps: 403 (Authorization: Bearer ${TOKEN})`, true), secrets)).toBe(
      'bearer token',
    );
    expect(
      answerLeak({ content: [], structuredContent: { psk: PSK }, isError: false }, secrets),
    ).toBe('canary wlan-psk-guest');
    expect(
      answerLeak({ content: [], isError: false, protocolError: 'key sk-harness-01' }, secrets),
    ).toBe('harness secret');
  });

  it('finds it encoded, as the scenarios leak scan does, and names the encoding', () => {
    const b64 = Buffer.from(`Bearer ${TOKEN}`).toString('base64');
    expect(answerLeak(text(`debug: ${b64}`), secrets)).toBe('bearer token, base64');
  });

  it('finds nothing in an answer without a secret', () => {
    expect(answerLeak(text('list_aps: 403 Forbidden', true), secrets)).toBeUndefined();
  });
});

describe('watchAnswers', () => {
  it('marks the tool whose answer carried a secret unsafe, naming where, never the secret', () => {
    const watch = watchAnswers(() => secrets);
    watch.heard('list_aps', 'its answer', text('[{"serial":"AP-1"}]'));
    watch.heard('list_aps', 'its answer to the API 403 probe', text(`Bearer ${TOKEN}`, true));
    watch.heard('list_aps', 'its answer', text(`again ${PSK}`));
    watch.heard('list_sites', 'its answer', text('[]'));
    const [aps, sites] = watch.mark([entry('list_aps'), entry('list_sites')]);
    expect(aps).toMatchObject({
      outcome: 'unsafe',
      error: 'its answer to the API 403 probe carried a secret (bearer token)',
      shown: ['AP-1'],
    });
    expect(JSON.stringify(aps)).not.toContain(TOKEN);
    expect(sites).toEqual(entry('list_sites'));
  });

  it('scans an answer heard again only when the secrets it is looked for in changed', () => {
    // A token-expiry fault issues a new token between two identical answers: the answer scanned
    // clean before must be scanned again for it (the clean answers are keyed by the secrets too).
    const answer = text(`page 2: ${TOKEN}`);
    let now = secrets.filter((s) => s.label !== 'bearer token');
    const watch = watchAnswers(() => now);
    watch.heard('list_aps', 'its answer', answer);
    now = secrets;
    watch.heard('list_aps', 'its answer to the short-pages probe', answer);
    expect(watch.mark([entry('list_aps')])[0]).toMatchObject({
      outcome: 'unsafe',
      error: 'its answer to the short-pages probe carried a secret (bearer token)',
    });
  });
});
