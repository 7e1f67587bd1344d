import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral, type Json } from '../../fake-central/index.js';
import type { ServerSession } from '../servers/types.js';
import type { ToolCallOutcome } from '../trajectory/types.js';
import { callToolTwice } from './call-tool-twice.js';

let fake: FakeCentral;
const bodies = new Map<number, Json>();

beforeAll(async () => {
  fake = await startFakeCentral({ onAnswer: (seq, body) => bodies.set(seq, body) });
});
afterAll(() => fake.close());

/** A session whose tool answers what `answer` says on its n-th call (no process needed). */
function session(answer: (n: number) => string): ServerSession {
  let n = 0;
  return {
    serverInfo: { name: 's', version: '1' },
    tools: [],
    startupMs: 0,
    stderrTail: () => '',
    close: () => Promise.resolve(),
    callTool: (): Promise<ToolCallOutcome> =>
      Promise.resolve({ content: [{ type: 'text', text: answer(++n) }], isError: false }),
  };
}

const ctx = (answer: (n: number) => string) => ({
  session: session(answer),
  fake,
  bodies,
  canonicalise: <T>(value: T): T => value,
});

describe('callToolTwice', () => {
  it('the same answer twice is judged once', async () => {
    const { entry } = await callToolTwice(
      ctx(() => 'nothing here'),
      't',
      'site-a',
      {},
      true,
    );
    expect(entry).toMatchObject({ outcome: 'no-data', digest: expect.stringMatching(/^sha256:/) });
  });

  it('another answer the second time is unstable, whatever the first was', async () => {
    const { entry } = await callToolTwice(
      ctx((n) => `run ${n}`),
      't',
      'site-a',
      {},
      true,
    );
    expect(entry).toMatchObject({
      outcome: 'unstable',
      error: 'two calls with the same arguments answered differently (no-data both times)',
    });
    const { entry: flips } = await callToolTwice(
      ctx((n) => (n === 1 ? 'fine' : 'Error: boom')),
      't',
      'site-a',
      {},
      true,
    );
    expect(flips.error).toBe('two calls with the same arguments came to no-data, then error');
  });
});
