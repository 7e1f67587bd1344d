// needs: processes
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// What a TypeScript server's own test suite does: install the packed package and import the
// fake from `hpe-mcp-bench/fake-central`. Uses the built bundle (npm run build), like cli-dist.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = 'dist/fake-central/index.js';
const TYPES = 'dist/fake-central/types/src/fake-central-package/index.d.ts';
/** Packages the harness needs and the fake must not: the scratch project deletes them. */
const NOT_LOADED = ['openai', '@anthropic-ai', 'js-tiktoken', '@modelcontextprotocol', '@actions'];

const scratch = mkdtempSync(join(tmpdir(), 'hmb-npm-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const USE = `import { startFakeCentral } from 'hpe-mcp-bench/fake-central';
const fake = await startFakeCentral({ fixture: 'site-a', control: true });
const token = await fetch(fake.url + '/as/token.oauth2', {
  method: 'POST',
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: fake.credentials.clientId,
    client_secret: fake.credentials.clientSecret,
  }),
}).then((r) => r.json());
const clients = await fetch(fake.url + '/network-monitoring/v1/clients?limit=2', {
  headers: { authorization: 'Bearer ' + token.access_token },
});
const bad = await fetch(fake.control.url + '/_fake/faults', {
  method: 'PUT',
  headers: { authorization: 'Bearer ' + fake.control.token },
  body: '{"faults": [{"kind": "latency"}]}',
}).then((r) => r.json());
let unchanged = '';
try {
  fake.assertNotCalled('GET /network-monitoring/v1/clients');
} catch (error) {
  unchanged = error.name + ': ' + error.message;
}
const out = {
  status: clients.status,
  unchanged,
  calls: fake.calls().map((c) => c.method + ' ' + c.path),
  env: Object.keys(fake.serverEnv()),
  badPlan: bad.message,
};
await fake.close();
console.log(JSON.stringify(out));
`;

const TYPED = `import { startFakeCentral, type CallRecord, type StateCheckResult } from 'hpe-mcp-bench/fake-central';
const fake = await startFakeCentral({ fixture: 'campus-b', validation: 'lenient' });
const calls: CallRecord[] = fake.calls();
const checked: StateCheckResult = fake.checkState([{ collection: 'wlan-ssids', count: 3 }]);
const env: Record<string, string> = fake.serverEnv();
const posted: CallRecord[] = fake.assertCalled('POST /network-config/**', { times: 0 });
fake.assertAdded('wlan-ssids', { count: 0, where: { ssid: 'Lab' } });
// @ts-expect-error: a count is a number
fake.assertRemoved('wlan-ssids', { count: 'one' });
// @ts-expect-error: the options are typed
await startFakeCentral({ fixture: 3 });
void [calls, checked, env, posted];
`;

describe('the npm package: hpe-mcp-bench/fake-central', () => {
  it('installs from the packed tarball, imports without the harness, and serves a request', async () => {
    expect(existsSync(join(ROOT, BUNDLE)), `${BUNDLE} is missing: run npm run build`).toBe(true);
    expect(existsSync(join(ROOT, TYPES)), `${TYPES} is missing: run npm run build`).toBe(true);
    const { stdout: packed } = await run(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch],
      { cwd: ROOT, maxBuffer: 64 << 20 },
    );
    const [{ filename, files }] = JSON.parse(packed) as [
      { filename: string; files: { path: string }[] },
    ];
    const paths = files.map((f) => f.path);
    expect(paths).toContain(BUNDLE);
    expect(paths).toContain(TYPES);
    expect(paths).toContain('fixtures/central/site-a/manifest.json');

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
        '--prefer-offline',
      ],
      { cwd: project, timeout: 240_000 },
    );
    for (const name of NOT_LOADED) {
      rmSync(join(project, 'node_modules', name), { recursive: true, force: true });
    }
    writeFileSync(join(project, 'use.mjs'), USE);
    const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: project });
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out.status).toBe(200);
    expect(out.calls).toEqual(['POST /as/token.oauth2', 'GET /network-monitoring/v1/clients']);
    expect(out.env).toContain('HTTPS_PROXY');
    expect(out.unchanged).toBe(
      'FakeCentralAssertionError: expected no call to GET /network-monitoring/v1/clients, saw 1:\n  GET /network-monitoring/v1/clients → 200',
    );
    // The control API validates plans with the harness's fault-plan validator.
    expect(out.badPlan).toContain('/faults/0');
    expect(out.badPlan).toContain('ms');

    // The types resolve through `exports` for a NodeNext TypeScript project.
    writeFileSync(join(project, 'typed.ts'), TYPED);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // No Node types: the public declarations need none (TypeScript 6/7 default to []).
          lib: ['ES2022'],
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
