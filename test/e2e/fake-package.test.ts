// needs: processes
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFakePackage } from '../../scripts/build-fake-package.js';

// The light npm entry as a TypeScript server's suite gets it: build @hpe-mcp-bench/fake-central,
// pack it, install the tarball into a scratch project, and there run real vitest tests (a
// token, a seeded device, a state check; a failing assertAdded whose message names what was
// added instead) and compile typed use, the assertion helpers included, with no Node types. The install
// must bring nothing else: the harness's dependencies stay out.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'hmb-fake-pkg-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The install's size bound: the bundle, its types and both fixture bundles (campus-b is 23 MB). */
const MAX_INSTALL_KB = 30 * 1024;

/** The package's name, in double quotes below: declared-dependencies scans single-quoted imports. */
const PKG = ['@hpe-mcp-bench', 'fake-central'].join('/');

const TEST = `import { startFakeCentral } from "${PKG}";

test('a seeded AP is listed and the state is unchanged', async () => {
  const fake = await startFakeCentral({ fixture: 'site-a' });
  try {
    fake.seed({ devices: [{ serialNumber: 'TESTAP0001', deviceType: 'AP', siteId: '5563304806' }] });
    const token = await fetch(fake.url + '/as/token.oauth2', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: fake.credentials.clientId,
        client_secret: fake.credentials.clientSecret,
      }),
    }).then((r) => r.json());
    const aps = await fetch(fake.url + '/network-monitoring/v1/aps?limit=100', {
      headers: { authorization: 'Bearer ' + token.access_token },
    }).then((r) => r.json());
    expect(aps.items.map((a) => a.serialNumber)).toContain('TESTAP0001');
    expect(fake.checkState([{ collection: 'aps', count: 14 }]).failures).toEqual([]);
    expect(fake.state().changes).toEqual([]);
    fake.assertUnchanged();
  } finally {
    await fake.close();
  }
});

test('a failing assertAdded names what was added instead', async () => {
  const fake = await startFakeCentral({ fixture: 'site-a' });
  try {
    const token = await fetch(fake.url + '/as/token.oauth2', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: fake.credentials.clientId,
        client_secret: fake.credentials.clientSecret,
      }),
    }).then((r) => r.json());
    const created = await fetch(fake.url + '/network-config/v1alpha1/wlan-ssids/Lab', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ enable: true, opmode: 'WPA3_SAE' }),
    });
    expect(created.status).toBe(200);
    expect(() => fake.assertAdded('wlan-ssids', { where: { ssid: 'Lab' }, fields: { opmode: 'OPEN' } }))
      .toThrow('opmode is "WPA3_SAE", expected "OPEN"');
    let message = '';
    try {
      fake.assertAdded('wlan-ssids', { where: { ssid: 'Lab2' } });
    } catch (error) {
      expect(error.name).toBe('FakeCentralAssertionError');
      message = error.message;
    }
    expect(message).toContain('wlan-ssids: expected 1 item(s) added where {"ssid":"Lab2"}; 0 item(s) added');
    expect(message).toContain('added instead:\\n  ssid=Lab: {');
    fake.assertCalled('POST /network-config/v1alpha1/wlan-ssids/*', { times: 1, status: 200 });
  } finally {
    await fake.close();
  }
});
`;

const TYPED = `import { FakeCentralAssertionError, startFakeCentral, type CallRecord, type Json, type SeedInput } from "${PKG}";
const fake = await startFakeCentral({ fixture: 'site-a', validation: 'lenient' });
const seed: SeedInput = { devices: [{ serialNumber: 'X1', deviceType: 'SWITCH', siteId: null }] };
fake.seed(seed);
// @ts-expect-error: a misspelt key of a seeded device is a type error
fake.seed({ devices: [{ serialNumber: 'X2', deviceType: 'AP', sitId: '1' }] });
const calls: CallRecord[] = fake.calls();
void calls;
const added: Json[] = fake.assertAdded('wlan-ssids', { where: { ssid: 'Lab' }, fields: { enable: true } });
void added;
fake.assertUnchanged('aps', { where: { serialNumber: 'X1' } });
const posted: CallRecord[] = fake.assertCalled('POST /network-config/v1alpha1/wlan-ssids/*', { times: 1 });
void posted;
fake.assertNotCalled('DELETE /network-config/**');
fake.assertRemoved('wlan-ssids', { count: 0 });
const error: Error = new FakeCentralAssertionError('typed');
void error;
// @ts-expect-error: assertAdded takes its options in one object
fake.assertAdded('wlan-ssids', { ssid: 'Lab' });
`;

describe('the light npm package: @hpe-mcp-bench/fake-central', () => {
  it('installs alone from its tarball, runs a vitest test and type-checks without Node types', async () => {
    const dir = await buildFakePackage(ROOT);
    const { stdout: packed } = await run(
      'npm',
      ['pack', dir, '--ignore-scripts', '--json', '--pack-destination', scratch],
      { cwd: ROOT, maxBuffer: 64 << 20 },
    );
    const [{ filename, size, unpackedSize }] = JSON.parse(packed) as [
      { filename: string; size: number; unpackedSize: number },
    ];
    const project = join(scratch, 'project');
    await run('mkdir', ['-p', project]);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    );
    await run(
      'npm',
      [
        'install',
        join(scratch, filename),
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--offline',
      ],
      { cwd: project, timeout: 240_000 },
    );
    // Nothing but the package itself: no model SDK, tokenizer, MCP SDK or toolkit.
    expect(readdirSync(join(project, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual([
      '@hpe-mcp-bench',
    ]);
    const { stdout: du } = await run('du', ['-sk', join(project, 'node_modules')]);
    const installedKb = Number(du.split('\t')[0]);
    console.log(
      `@hpe-mcp-bench/fake-central: tarball ${(size / 1e6).toFixed(1)} MB, unpacked ${(unpackedSize / 1e6).toFixed(1)} MB, installed ${(installedKb / 1024).toFixed(1)} MiB`,
    );
    expect(installedKb).toBeLessThan(MAX_INSTALL_KB);

    // A real vitest test in the scratch project (the repository's vitest, globals on, since the
    // project installs nothing but the fake).
    writeFileSync(join(project, 'fake.test.js'), TEST);
    const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
    const tested = await run(process.execPath, [vitest, 'run', '--globals', '--root', project], {
      cwd: project,
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: `vitest failed: ${error.stdout ?? ''}${error.stderr ?? ''}`,
    }));
    expect(tested.stdout).toMatch(/2 passed/);

    // Typed use under NodeNext, with no Node types at all (TypeScript 6/7's default `types: []`).
    writeFileSync(join(project, 'typed.ts'), TYPED);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2022'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['typed.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const typed = await run(process.execPath, [tsc, '-p', '.'], { cwd: project }).catch(
      (error: { stdout?: string }) => ({ stdout: `tsc failed: ${error.stdout ?? ''}` }),
    );
    expect(typed.stdout).toBe('');
  }, 300_000);
});
