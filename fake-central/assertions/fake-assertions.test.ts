import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';
import { FakeCentralAssertionError } from './fake-assertions.js';

// The same cases as the pytest plugin's tests/test_assertions.py, with the same expected
// wording: the two languages' helpers must say the same thing about the same state.

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const SSIDS = '/network-config/v1alpha1/wlan-ssids';

async function send(method: string, path: string, body: unknown): Promise<number> {
  const token = await getToken(fake.url, fake.credentials);
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

const createLab = async (): Promise<void> => {
  expect(await send('POST', `${SSIDS}/Lab`, { enable: true, opmode: 'WPA3_SAE' })).toBe(200);
};

/** The message of the FakeCentralAssertionError `act` throws (fails the test if it throws none). */
function failure(act: () => unknown): string {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(FakeCentralAssertionError);
    return (error as Error).message;
  }
  throw new Error('expected a FakeCentralAssertionError, nothing was thrown');
}

describe('assertAdded', () => {
  it('returns the new items, and names the value that differs or what was added instead', async () => {
    await createLab();
    const [lab] = fake.assertAdded('wlan-ssids', {
      where: { ssid: 'Lab' },
      fields: { enable: true },
    });
    expect(lab).toMatchObject({ opmode: 'WPA3_SAE' });
    expect(
      failure(() =>
        fake.assertAdded('wlan-ssids', { where: { ssid: 'Lab' }, fields: { opmode: 'OPEN' } }),
      ),
    ).toContain('opmode is "WPA3_SAE", expected "OPEN"');
    const wrongItem = failure(() => fake.assertAdded('wlan-ssids', { where: { ssid: 'Lab2' } }));
    expect(wrongItem).toContain('wlan-ssids: expected 1 item(s) added where {"ssid":"Lab2"}');
    expect(wrongItem).toContain('0 item(s) added');
    expect(wrongItem).toContain('added instead:\n  ssid=Lab: {');
  });

  it('says nothing was added when nothing was, and refuses a count that is not a count', () => {
    expect(failure(() => fake.assertAdded('wlan-ssids'))).toMatch(/; nothing was added there$/);
    expect(() => fake.assertAdded('wlan-ssids', { count: -1 })).toThrow(
      'assertAdded: /added: -1 is not a whole number ≥ 0',
    );
  });
});

describe('assertState, assertRemoved, assertUnchanged', () => {
  it('assertState throws the check summary (a new item asserted with fields alone)', async () => {
    await createLab();
    expect(
      failure(() =>
        fake.assertState([
          { collection: 'wlan-ssids', where: { ssid: 'Lab' }, fields: { enable: true } },
        ]),
      ),
    ).toContain('wlan-ssids ssid=Lab added (a `fields` assertion allows changes');
    fake.assertState([{ collection: 'wlan-ssids', where: { ssid: 'Lab' }, added: 1 }]);
  });

  it('assertRemoved names what was removed instead', async () => {
    expect(await send('DELETE', `${SSIDS}/Guest`, {})).toBe(200);
    fake.assertRemoved('wlan-ssids', { where: { ssid: 'Guest' } });
    expect(
      failure(() => fake.assertRemoved('wlan-ssids', { where: { ssid: 'Corp-Secure' } })),
    ).toBe(
      'wlan-ssids: expected 1 item(s) removed where {"ssid":"Corp-Secure"}; 0 item(s) removed where {"ssid":"Corp-Secure"}, expected 1; removed: ssid=Guest',
    );
  });

  it('assertUnchanged lists each change with its fields before → after', async () => {
    fake.assertUnchanged();
    expect(await send('PATCH', `${SSIDS}/Guest`, { enable: false })).toBe(200);
    fake.assertUnchanged('wlan-ssids', { where: { 'essid.name': 'Corp-Secure' } });
    expect(failure(() => fake.assertUnchanged('wlan-ssids'))).toBe(
      'wlan-ssids changed:\n  wlan-ssids ssid=Guest modified (enable: true → false)',
    );
    expect(fake.changes('aps')).toEqual([]);
    expect(fake.changes('wlan-ssids')).toHaveLength(1);
  });
});

describe('assertCalled, assertNotCalled', () => {
  it('list the calls since the reset when they fail', async () => {
    await createLab();
    const [post] = fake.assertCalled(`POST ${SSIDS}/*`, { times: 1, status: 200 });
    expect(post?.path).toBe(`${SSIDS}/Lab`);
    fake.assertNotCalled(`DELETE ${SSIDS}/*`);
    const missing = failure(() => fake.assertCalled(`PATCH ${SSIDS}/*`));
    expect(missing).toContain(`expected at least 1 call(s) to PATCH ${SSIDS}/*, saw 0`);
    expect(missing).toContain(`POST ${SSIDS}/Lab → 200`);
    expect(failure(() => fake.assertNotCalled(`POST ${SSIDS}/*`))).toBe(
      `expected no call to POST ${SSIDS}/*, saw 1:\n  POST ${SSIDS}/Lab → 200`,
    );
  });

  it('mark a refused write as refused', async () => {
    expect(await send('POST', `${SSIDS}/Bad`, { opmode: 'NOT_A_MODE' })).toBe(400);
    const refused = failure(() => fake.assertCalled(`POST ${SSIDS}/*`, { status: 200 }));
    expect(refused).toContain('(1 answered otherwise)');
    expect(refused).toContain(`POST ${SSIDS}/Bad → 400 refused (enum at`);
  });
});
