/**
 * Builds the fake that the pytest plugin's wheel carries (`npm run build:pytest`):
 * python/pytest-hpe-fake-central/src/hpe_fake_central/_bundle/ gets the bundle of
 * src/cli/fake-central-main.ts (the fake-central command alone, not the whole CLI), built with
 * dist/'s config (scripts/build-bundle.ts) but on its own, since the wheel ships it alone; its
 * third-party notices, the fixture bundles under fixtures/central/ and the licence.
 * Then `python -m build python/pytest-hpe-fake-central` makes the wheel and sdist.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listBundles } from '../fake-central/index.js';
import { buildBundle } from './build-bundle.js';

const ROOT = resolve(import.meta.dirname, '..');
/** Where the plugin's package data goes (gitignored: a build output). */
export const PYTEST_BUNDLE_DIR = 'python/pytest-hpe-fake-central/src/hpe_fake_central/_bundle';
const ENTRY = 'src/cli/fake-central-main.ts';

/** Builds the bundle and copies the fixtures; returns the output directory. */
export async function buildPytestBundle(root = ROOT): Promise<string> {
  const out = join(root, PYTEST_BUNDLE_DIR);
  rmSync(out, { recursive: true, force: true });
  await buildBundle([{ in: ENTRY, out: 'index' }], PYTEST_BUNDLE_DIR, { root });
  const fixtures = join(root, 'fixtures', 'central');
  for (const name of listBundles(fixtures)) {
    cpSync(join(fixtures, name), join(out, 'fixtures', 'central', name), { recursive: true });
  }
  cpSync(join(root, 'LICENSE'), join(out, 'LICENSE'));
  if (!existsSync(join(out, 'index.js'))) throw new Error(`${out}/index.js was not written`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`built ${relative(process.cwd(), await buildPytestBundle())}`);
  } catch (error) {
    console.error(
      `build-pytest-bundle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  }
}
