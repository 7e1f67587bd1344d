import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { contentHashOf } from '../../fake-central/fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../../fake-central/start-fake-central.js';

/** Data files of a throw-away bundle: file name → JSON content. */
export type BundleFiles = Record<string, unknown>;

export const TEMP_CREDENTIALS = {
  clientId: 'test-client',
  clientSecret: 'CANARY-TEST-CLIENT-SECRET',
  workspaceId: '0d0c5e1a-7e57-4b1e-9a00-000000000001',
};

/**
 * Writes a minimal valid bundle (manifest with a correct contentHash) to a temp dir, for tests of
 * edge cases the generated bundles do not carry. Returns the directory and a cleanup function.
 */
export function writeTempBundle(
  files: BundleFiles,
  manifest: Record<string, unknown> = {},
): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'hpe-bundle-'));
  const hashes: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    writeFileSync(join(dir, name), text);
    hashes[name] = createHash('sha256').update(text).digest('hex');
  }
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      id: 'temp',
      version: '0.0.0',
      now: '2026-03-02T12:00:00Z',
      credentials: TEMP_CREDENTIALS,
      canaries: [],
      files: hashes,
      contentHash: contentHashOf(hashes),
      ...manifest,
    }),
  );
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Fetches a token from the fake's SSO endpoint with form credentials. */
export async function getToken(url: string, creds = TEMP_CREDENTIALS): Promise<string> {
  const res = await fetch(`${url}/as/token.oauth2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
    }),
  });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

/** A fake serving a temp bundle for one test file, with a token; see {@link useTempFake}. */
export interface TempFake {
  readonly fake: FakeCentral;
  readonly token: string;
  readonly bundleDir: string;
}

/**
 * Registers the hooks every route test file needs: write the bundle and start a fake on it (with a
 * token) before all tests, reset it before each, close it and remove the bundle after all.
 */
export function useTempFake(files: BundleFiles): TempFake {
  let fake: FakeCentral | undefined;
  let token = '';
  let bundle: { dir: string; cleanup: () => void } | undefined;
  beforeAll(async () => {
    bundle = writeTempBundle(files);
    fake = await startFakeCentral({ fixture: bundle.dir });
    token = await getToken(fake.url);
  });
  afterAll(async () => {
    await fake?.close();
    bundle?.cleanup();
  });
  beforeEach(() => fake?.reset());
  const started = (): FakeCentral => {
    if (!fake) throw new Error('useTempFake: the fake is used before beforeAll ran');
    return fake;
  };
  return {
    get fake() {
      return started();
    },
    get token() {
      return token;
    },
    get bundleDir() {
      return bundle?.dir ?? '';
    },
  };
}
