// needs: processes
/**
 * scripts/release/dry-run.sh on a throwaway clone of this repository: everything a release does
 * but push and publish. The build and the test suite are skipped here (check-dist and this very
 * suite cover them; the release workflow runs them); the version checks, the notes from the
 * CHANGELOG, the npm package and the local tags are real.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const VERSION = '9.8.7';
let clone: string;

const git = (...args: string[]): string =>
  execFileSync('git', ['-C', clone, ...args], { encoding: 'utf8' }).trim();

function dryRun(version: string, env: Record<string, string> = {}) {
  return spawnSync(
    'bash',
    [join(clone, 'scripts/release/dry-run.sh'), version, join(clone, 'out')],
    {
      cwd: clone,
      encoding: 'utf8',
      env: { ...process.env, RELEASE_SKIP_BUILD: '1', RELEASE_SKIP_TESTS: '1', ...env },
    },
  );
}

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'release-'));
  execFileSync('git', ['clone', '-q', ROOT, clone]);
  git('config', 'user.email', 'test@example.invalid');
  git('config', 'user.name', 'test');
  const pkg = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8')) as { version: string };
  writeFileSync(join(clone, 'package.json'), JSON.stringify({ ...pkg, version: VERSION }, null, 2));
  const light = join(clone, 'packages/fake-central/package.json');
  const lightPkg = JSON.parse(readFileSync(light, 'utf8')) as { version: string };
  writeFileSync(light, JSON.stringify({ ...lightPkg, version: VERSION }, null, 2));
  const plugin = join(clone, 'python/pytest-hpe-fake-central/pyproject.toml');
  writeFileSync(
    plugin,
    readFileSync(plugin, 'utf8').replace(/^version = ".*"$/m, `version = "${VERSION}"`),
  );
  const changelog = readFileSync(join(clone, 'CHANGELOG.md'), 'utf8');
  writeFileSync(
    join(clone, 'CHANGELOG.md'),
    changelog.replace(
      '## Unreleased\n',
      `## Unreleased\n\n## ${VERSION} - 2026-12-01\n\n### Added\n\n- The release of the test.\n\n## 9.8.6\n`,
    ),
  );
  git('commit', '-qam', `release ${VERSION}`);
}, 60_000);

describe('scripts/release/dry-run.sh', () => {
  it('checks a release and prepares everything but the push and the publish', () => {
    const result = dryRun(VERSION);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`dry-run: ready to release ${VERSION}`);
    expect(readFileSync(join(clone, 'out/release-notes.md'), 'utf8')).toBe(
      '### Added\n\n- The release of the test.\n',
    );
    expect(existsSync(join(clone, `out/hpe-mcp-bench-${VERSION}.tgz`))).toBe(true);
    const head = git('rev-parse', 'HEAD');
    for (const tag of [`v${VERSION}`, 'v9.8', 'v9'])
      expect(git('rev-parse', `${tag}^{commit}`)).toBe(head);
    // Nothing was pushed: the origin has none of the tags.
    expect(execFileSync('git', ['-C', ROOT, 'tag', '-l', 'v9*'], { encoding: 'utf8' })).toBe('');
  });

  it.each([
    ['9.8.8', 'package.json is at 9.8.7, not 9.8.8'],
    ['1.2', 'usage: dry-run.sh X.Y.Z'],
  ])('refuses version %s, saying why', (version, message) => {
    const result = dryRun(version);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('refuses a light package whose version is not the release', () => {
    const light = join(clone, 'packages/fake-central/package.json');
    const text = readFileSync(light, 'utf8');
    writeFileSync(light, text.replace(`"version": "${VERSION}"`, '"version": "9.8.6"'));
    try {
      const result = dryRun(VERSION);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(
        `packages/fake-central/package.json is at 9.8.6, not ${VERSION}`,
      );
    } finally {
      writeFileSync(light, text);
    }
  });

  it('refuses a version the CHANGELOG has no section for', () => {
    const result = spawnSync(
      'node',
      [join(clone, 'scripts/release/changelog-section.mjs'), '9.9.9', join(clone, 'CHANGELOG.md')],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('has no "## 9.9.9" section');
  });
});
