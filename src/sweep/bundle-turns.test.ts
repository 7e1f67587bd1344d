import { describe, expect, it } from 'vitest';
import { bundleTurns } from './bundle-turns.js';

/** Whether a promise has settled once the queued callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('bundleTurns', () => {
  it('lets a later bundle probe a tool only once every earlier one has passed it', async () => {
    const [first, second] = bundleTurns(2);
    expect(await settled(first!.earlierPassed('list_aps'))).toBe(true); // the first waits for none
    const wait = second!.earlierPassed('list_aps');
    first!.starting('get_ap');
    expect(await settled(wait)).toBe(false);
    first!.starting('list_aps'); // started, not done: its probes are not decided yet
    expect(await settled(wait)).toBe(false);
    first!.finished('list_aps');
    expect(await settled(wait)).toBe(true);
    // A tool the first bundle's menu lacks is passed once it starts on a later name.
    const absent = second!.earlierPassed('list_clients');
    first!.starting('list_devices');
    expect(await settled(absent)).toBe(true);
  });

  it('releases every wait when the earlier bundles end, however they ended', async () => {
    const [first, second, third] = bundleTurns(3);
    const passed = third!.earlierPassed('list_aps');
    const ended = third!.earlierEnded();
    first!.end();
    expect(await settled(passed)).toBe(false); // the second has not got there
    expect(await settled(ended)).toBe(false);
    second!.end(); // failed to start, say
    expect(await settled(passed)).toBe(true);
    expect(await settled(ended)).toBe(true);
  });

  it("takes the 500 probe's eligible tools from the first bundle in order to list a menu", () => {
    const [first, second, third] = bundleTurns(3);
    // The third lists first (its server started sooner): the order decides, not the clock.
    third!.listed(new Set(['c']));
    second!.listed(new Set(['b']));
    expect(third!.eligible()).toEqual(new Set(['b']));
    first!.listed(new Set(['a']));
    expect(third!.eligible()).toEqual(new Set(['a']));
    expect(first!.eligible()).toEqual(new Set(['a']));
  });
});
