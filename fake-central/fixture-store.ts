import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeCentralError } from './errors.js';
import { jsonErrorOffset } from './json-error-offset.js';
import type { FakeCredentials, Item, Json } from './types.js';

/** A canary secret planted in a bundle: any occurrence in a tool result is a safety failure. */
export interface Canary {
  id: string;
  value: string;
  where?: string;
}

/** The parsed `manifest.json` of a bundle. */
export interface BundleManifest {
  id: string;
  version: string;
  description?: string;
  now: string;
  credentials: FakeCredentials;
  canaries: Canary[];
  stories?: { id: string; summary: string; facts?: Record<string, Json> }[];
  files?: Record<string, string>;
  contentHash: string;
}

/** A loaded, immutable fixture bundle: its manifest and every data file by name. */
export interface Bundle {
  dir: string;
  manifest: BundleManifest;
  /** File name (e.g. `clients.json`) → parsed content. Never mutated; the state clones it. */
  files: ReadonlyMap<string, Json>;
}

const DEFAULT_BUNDLE = 'site-a';

/**
 * Walks up from `start` to the first directory holding `relative`. The relative path arrives as
 * an argument on purpose: a bundler may copy a path it can resolve statically into dist/ (ncc
 * did), and the fixtures (25 MB) must stay where they are, next to the action's checkout.
 */
export function findUp(start: string, relative: string): string | undefined {
  let dir = start;
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

const FIXTURES_DIR = ['fixtures', 'central'];

/** Finds `fixtures/central` from this module, whether run from source or from a dist bundle. */
export function defaultFixturesRoot(): string {
  const relative = FIXTURES_DIR.join('/');
  const here = dirname(fileURLToPath(import.meta.url));
  return findUp(here, relative) ?? findUp(process.cwd(), relative) ?? join(here, relative);
}

/** Names of the bundles under a fixtures root (directories that hold a manifest.json). */
export function listBundles(root = defaultFixturesRoot()): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'manifest.json')))
    .sort();
}

/** Resolves a bundle given by name (`site-a`) or by directory path. */
export function resolveBundleDir(
  fixture: string | undefined,
  root = defaultFixturesRoot(),
): string {
  const name = fixture ?? DEFAULT_BUNDLE;
  const asDir = resolve(name);
  if (name.includes('/') || name.startsWith('.')) {
    if (existsSync(join(asDir, 'manifest.json'))) return asDir;
    throw new FakeCentralError(
      'fixture_not_found',
      `Fixture directory ${name} has no manifest.json`,
      `point --fixture at a bundle directory such as fixtures/central/site-a, or name one of: ${listBundles(root).join(', ')}`,
    );
  }
  const named = join(root, name);
  if (existsSync(join(named, 'manifest.json'))) return named;
  throw new FakeCentralError(
    'fixture_not_found',
    `Unknown fixture bundle "${name}"`,
    `available bundles: ${listBundles(root).join(', ') || '(none found under ' + root + ')'}`,
  );
}

/** Parses JSON and turns a syntax error into `file:line:col: message`. */
export function parseJsonFile(path: string, text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    let where = path;
    if (offset >= 0) {
      const before = text.slice(0, offset);
      const line = before.split('\n').length;
      const col = offset - before.lastIndexOf('\n');
      where = `${path}:${line}:${col}`;
    }
    throw new FakeCentralError(
      'fixture_invalid',
      `${where}: malformed JSON (${message})`,
      'fixture bundles are generated: fix scripts/fixtures and run `npm run fixtures` instead of editing by hand',
      error,
    );
  }
}

function requireString(manifest: Record<string, unknown>, key: string, file: string): string {
  const value = manifest[key];
  if (typeof value !== 'string' || value === '') {
    throw new FakeCentralError('fixture_invalid', `${file}: "${key}" must be a non-empty string`);
  }
  return value;
}

function validateManifest(raw: Json, file: string): BundleManifest {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new FakeCentralError('fixture_invalid', `${file}: the manifest must be a JSON object`);
  }
  for (const key of ['id', 'version', 'now', 'contentHash']) requireString(raw, key, file);
  if (Number.isNaN(Date.parse(raw.now as string))) {
    throw new FakeCentralError('fixture_invalid', `${file}: "now" is not an RFC 3339 timestamp`);
  }
  const creds = raw.credentials;
  if (creds === null || typeof creds !== 'object' || Array.isArray(creds)) {
    throw new FakeCentralError('fixture_invalid', `${file}: "credentials" must be an object`);
  }
  for (const key of ['clientId', 'clientSecret', 'workspaceId']) {
    requireString(creds, key, `${file} credentials`);
  }
  if (!Array.isArray(raw.canaries)) {
    throw new FakeCentralError('fixture_invalid', `${file}: "canaries" must be an array`);
  }
  return raw as unknown as BundleManifest;
}

/** sha256 over the sorted `name:sha256(bytes)` lines of a bundle's data files. */
export function contentHashOf(fileHashes: Record<string, string>): string {
  const lines = Object.keys(fileHashes)
    .sort()
    .map((name) => `${name}:${fileHashes[name] ?? ''}\n`)
    .join('');
  return createHash('sha256').update(lines).digest('hex');
}

/** Loads and checks a bundle; every problem names the file (and line:col for JSON errors). */
export function loadBundle(dir: string): Bundle {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new FakeCentralError('fixture_not_found', `Fixture directory ${dir} does not exist`);
  }
  const manifestPath = join(dir, 'manifest.json');
  const manifest = validateManifest(
    parseJsonFile(manifestPath, readFileSync(manifestPath, 'utf8')),
    manifestPath,
  );
  const files = new Map<string, Json>();
  const hashes: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name === 'manifest.json') continue;
    const path = join(dir, name);
    const bytes = readFileSync(path);
    hashes[name] = createHash('sha256').update(bytes).digest('hex');
    files.set(name, parseJsonFile(path, bytes.toString('utf8')));
  }
  const actual = contentHashOf(hashes);
  if (actual !== manifest.contentHash) {
    throw new FakeCentralError(
      'fixture_invalid',
      `${manifestPath}: contentHash ${manifest.contentHash} does not match the bundle's files (${actual})`,
      'a data file was edited by hand or the manifest is stale: regenerate with `npm run fixtures`',
    );
  }
  for (const [name, value] of files) {
    if (name.endsWith('.json') && value !== null && typeof value !== 'object') {
      throw new FakeCentralError(
        'fixture_invalid',
        `${join(dir, name)}: expected an array or object`,
      );
    }
  }
  return { dir, manifest, files };
}

/** The items of a collection file, or [] when the bundle does not have it. */
export function collection(files: ReadonlyMap<string, Json>, name: string): Item[] {
  const value = files.get(name);
  return Array.isArray(value) ? (value as Item[]) : [];
}
