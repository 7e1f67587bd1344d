// needs: processes
/**
 * The built CLI checks its own bundle against the digest recorded at build time before it loads
 * anything lazily: a copy of dist/ (with scenarios/ and schemas/, as an install has them) runs;
 * after code is appended to one of its chunks — what a server with write access to the install
 * did — it stops at once, naming the chunk, and the appended code never runs.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DIGEST_FILE, digestOf } from '../../src/common/dist-digest.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

const install = mkdtempSync(join(tmpdir(), 'hmb-install-'));
afterAll(() => rmSync(install, { recursive: true, force: true }));

function cli(args: string[]) {
  const ran = spawnSync(process.execPath, [join(install, 'dist', 'cli', 'index.js'), ...args], {
    cwd: install,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: ran.status, stderr: ran.stderr };
}

describe('the built CLI and its digest', () => {
  it('runs from an untouched install and stops at a changed chunk, naming it', () => {
    for (const dir of ['dist', 'scenarios', 'schemas']) {
      cpSync(join(REPO, dir), join(install, dir), { recursive: true });
    }
    cpSync(join(REPO, 'package.json'), join(install, 'package.json'));
    const dist = join(install, 'dist');
    writeFileSync(join(dist, DIGEST_FILE), JSON.stringify(digestOf(dist)));
    const untouched = cli(['run', '--config', 'missing.yml']);
    expect(untouched.stderr).toContain('missing.yml: bench config file not found');

    // A chunk the CLI imports lazily (the model SDKs): what a server would poison to run later.
    const chunk = readdirSync(join(dist, 'chunks')).find((name) => /^openai-.*\.js$/.test(name));
    expect(chunk, 'dist/chunks has no lazily loaded openai chunk: run npm run build').toBeDefined();
    const marker = join(install, 'payload-ran');
    appendFileSync(
      join(dist, 'chunks', chunk as string),
      `\nimport('node:fs').then((fs) => fs.writeFileSync(${JSON.stringify(marker)}, process.env.OPENAI_API_KEY ?? ''));\n`,
    );
    const poisoned = cli(['run', '--config', 'missing.yml']);
    expect(poisoned.code).toBe(2);
    expect(poisoned.stderr).toContain(
      `${join(dist, 'chunks', chunk as string)} has changed since the harness was built`,
    );
    expect(existsSync(marker)).toBe(false);
  });
});
