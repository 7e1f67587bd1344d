/**
 * Builds `@hpe-mcp-bench/fake-central` (`npm run build:fake-package`): the fake's npm entry alone,
 * for a server's own tests, without the harness's dependencies (model SDKs, tokenizer, MCP SDK,
 * GitHub toolkit), which `npm install hpe-mcp-bench` brings. packages/fake-central/ gets the
 * bundle of src/fake-central-package/index.ts (dist/'s build config, on its own, self-contained:
 * no runtime dependency), dist/'s type declarations of it, the fixture bundles and the licence; its
 * package.json (committed) must carry the root's version. Then `npm pack ./packages/fake-central`.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listBundles } from '../fake-central/index.js';
import { buildBundle } from './build-bundle.js';

const ROOT = resolve(import.meta.dirname, '..');
/** The package's directory; its dist/, fixtures/ and LICENSE are build outputs (gitignored). */
export const FAKE_PACKAGE_DIR = 'packages/fake-central';
const ENTRY = 'src/fake-central-package/index.ts';
/** The fake's type declarations as `npm run build` (build:types) writes them. */
const TYPES_DIR = 'dist/fake-central/types';

const versionOf = (file: string): string =>
  (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;

/** Builds the package's files; returns its directory. Throws naming a version mismatch. */
export async function buildFakePackage(root = ROOT): Promise<string> {
  const dir = join(root, FAKE_PACKAGE_DIR);
  const own = versionOf(join(dir, 'package.json'));
  const harness = versionOf(join(root, 'package.json'));
  if (own !== harness) {
    throw new Error(
      `${FAKE_PACKAGE_DIR}/package.json has version ${own}, package.json ${harness}: set both to the release's`,
    );
  }
  for (const output of ['dist', 'fixtures', 'LICENSE']) {
    rmSync(join(dir, output), { recursive: true, force: true });
  }
  await buildBundle([{ in: ENTRY, out: 'index' }], join(FAKE_PACKAGE_DIR, 'dist'), { root });
  // The declarations are dist/'s (npm run build writes them, and check-dist holds them equal to
  // src/): copied, not compiled again, since tsc takes longer than the whole bundle.
  const types = join(root, TYPES_DIR);
  if (!existsSync(join(types, 'src', 'fake-central-package', 'index.d.ts'))) {
    throw new Error(`${TYPES_DIR} has no declarations: run npm run build first`);
  }
  cpSync(types, join(dir, 'dist', 'types'), { recursive: true });
  const fixtures = join(root, 'fixtures', 'central');
  for (const name of listBundles(fixtures)) {
    cpSync(join(fixtures, name), join(dir, 'fixtures', 'central', name), { recursive: true });
  }
  cpSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
  if (!existsSync(join(dir, 'dist', 'index.js')))
    throw new Error(`${dir}/dist/index.js was not written`);
  return dir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`built ${relative(process.cwd(), await buildFakePackage())}`);
  } catch (error) {
    console.error(
      `build-fake-package: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  }
}
