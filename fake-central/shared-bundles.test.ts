import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundle } from './fixture-store.js';
import { sharedBundle } from './shared-bundles.js';
import { FakeState } from './state.js';

const SITE_A = join(import.meta.dirname, '..', 'fixtures', 'central', 'site-a');
const scratch = mkdtempSync(join(tmpdir(), 'shared-bundles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('sharedBundle', () => {
  it('reads a bundle once per process while its files stay as they were', () => {
    const dir = join(scratch, 'same');
    cpSync(SITE_A, dir, { recursive: true });
    expect(sharedBundle(dir)).toBe(sharedBundle(dir));
  });

  it('reads a bundle again when one of its files was rewritten since', () => {
    const dir = join(scratch, 'rewritten');
    cpSync(SITE_A, dir, { recursive: true });
    const first = sharedBundle(dir);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'aps.json'), later, later);
    expect(sharedBundle(dir)).not.toBe(first);
  });

  it("stays as loaded when a fake's state changes its collections and objects", () => {
    const bundle = sharedBundle(SITE_A);
    const state = new FakeState(bundle);
    const aps = state.list('aps.json');
    expect(aps.length).toBeGreaterThan(0);
    aps[0]!.status = 'planted';
    aps.push({ serialNumber: 'PLANTED' });
    state.object('firmware-compliance.json').planted = true;
    expect(sharedBundle(SITE_A).files).toStrictEqual(loadBundle(SITE_A).files);
  });

  it('names a missing directory as loadBundle does', () => {
    expect(() => sharedBundle(join(scratch, 'absent'))).toThrow(/does not exist/);
  });
});
