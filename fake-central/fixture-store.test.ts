import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTempBundle } from '../test/helpers/temp-bundle.js';
import { FakeCentralError } from './errors.js';
import { loadBundle, parseJsonFile, resolveBundleDir } from './fixture-store.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function bundle(files: Record<string, unknown>, manifest: Record<string, unknown> = {}): string {
  const b = writeTempBundle(files, manifest);
  cleanups.push(b.cleanup);
  return b.dir;
}

function failure(fn: () => unknown): FakeCentralError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FakeCentralError) return error;
    throw error;
  }
  throw new Error('expected a FakeCentralError');
}

describe('resolveBundleDir', () => {
  it('lists the available bundles when a name is unknown', () => {
    const root = mkdtempSync(join(tmpdir(), 'root-'));
    const err = failure(() => resolveBundleDir('nope', root));
    expect(err.code).toBe('fixture_not_found');
    expect(err.message).toBe('Unknown fixture bundle "nope"');
    expect(err.hint).toContain('available bundles:');
  });

  it('accepts a bundle directory path', () => {
    const dir = bundle({ 'sites-health.json': [] });
    expect(resolveBundleDir(dir)).toBe(dir);
  });
});

describe('loadBundle', () => {
  it('loads files and manifest', () => {
    const b = loadBundle(bundle({ 'clients.json': [{ id: 'x' }] }));
    expect(b.manifest.id).toBe('temp');
    expect(b.files.get('clients.json')).toEqual([{ id: 'x' }]);
  });

  it('reports malformed JSON with file, line and column', () => {
    const dir = bundle({ 'clients.json': '[\n{"id": "x"},\n{"id": }\n]' });
    const err = failure(() => loadBundle(dir));
    expect(err.code).toBe('fixture_invalid');
    expect(err.message).toMatch(new RegExp(`^${join(dir, 'clients.json')}:3:8: malformed JSON`));
  });

  it('refuses a bundle whose files do not match the manifest hash', () => {
    const dir = bundle({ 'clients.json': [] });
    writeFileSync(join(dir, 'clients.json'), '[{"id":"edited"}]');
    const err = failure(() => loadBundle(dir));
    expect(err.message).toContain('does not match the bundle');
    expect(err.hint).toContain('npm run fixtures');
  });

  it.each([
    [{ now: 'yesterday' }, '"now" is not an RFC 3339 timestamp'],
    [{ credentials: { clientId: 'a' } }, 'credentials: "clientSecret" must be a non-empty string'],
    [{ canaries: 'x' }, '"canaries" must be an array'],
  ])('validates the manifest: %o', (manifest, message) => {
    const err = failure(() => loadBundle(bundle({}, manifest)));
    expect(err.message).toContain(message);
  });
});

describe('parseJsonFile', () => {
  it('points at the first line for an error at the start', () => {
    expect(() => parseJsonFile('f.json', '{oops')).toThrow(/^f\.json:1:2: malformed JSON/);
  });
});
