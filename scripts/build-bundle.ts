/**
 * Builds one ncc bundle and writes its third-party notices beside it:
 * `tsx scripts/build-bundle.ts ENTRY OUTDIR` (the `build:*` scripts of package.json).
 *
 * ncc's own `--license` lists only the packages whose licence its plugin recognises (6 of the
 * action's ~100). Instead the package set comes from ncc's webpack stats (every module emitted
 * into the bundle or its lazy chunks) and each package's name, version, declared licence and
 * licence files from a CycloneDX SBOM of the installed tree (@cyclonedx/cyclonedx-npm).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledPackageDirs, type WebpackStats } from './notices/bundled-packages.js';
import { listedPackages, renderNotices } from './notices/render-notices.js';
import {
  createSbom,
  noticesByPath,
  sbomTool,
  type CdxBom,
  type PackageNotice,
} from './notices/sbom-licenses.js';

/** The notices file of every bundle, in its output directory. */
export const NOTICES_FILE = 'third-party-notices.txt';

const require = createRequire(import.meta.url);

/** What one bundle's notices cover. */
export interface BundleNotices {
  /** The notices file written. */
  file: string;
  /** The bundled package directories (relative to the root). */
  dirs: string[];
  notices: PackageNotice[];
}

/**
 * Writes `<outDir>/third-party-notices.txt` for the bundle the stats describe. Throws when a
 * bundled package is missing from the SBOM or from the written notices: never a silent gap.
 */
export function writeBundleNotices(options: {
  stats: WebpackStats;
  outDir: string;
  root: string;
  bom: CdxBom;
}): BundleNotices {
  const { stats, outDir, root, bom } = options;
  const bundle = relative(root, outDir).split('\\').join('/') || '.';
  const dirs = bundledPackageDirs(stats, root);
  const known = noticesByPath(bom);
  const unknown = dirs.filter((dir) => !known.has(dir));
  if (unknown.length > 0) {
    throw new Error(
      `${bundle} carries ${unknown.join(', ')}, which the SBOM does not list: run \`npm ci\` and build again`,
    );
  }
  const notices = dirs.map((dir) => known.get(dir)).filter((n) => n !== undefined);
  const files = (stats.assets ?? [])
    .map((a) => a.name)
    .filter((name) => /\.(c|m)?js$/.test(name))
    // The entry first, then its chunks.
    .sort(
      (a, b) =>
        Number(b.startsWith('index.')) - Number(a.startsWith('index.')) || a.localeCompare(b),
    );
  const text = renderNotices({ bundle, files, tool: sbomTool(bom) }, notices);
  const listed = listedPackages(text);
  const dropped = notices.filter((n) => !listed.has(`${n.name}@${n.version}`));
  if (dropped.length > 0) {
    throw new Error(`the notices of ${bundle} lost ${dropped.map((n) => n.name).join(', ')}`);
  }
  const file = join(outDir, NOTICES_FILE);
  writeFileSync(file, text);
  return { file, dirs, notices };
}

/**
 * ncc writes into `outDir` without emptying it, so a chunk an earlier build split off (`413.index.js`)
 * stays behind, committed and shipped, after the code that needed it is gone: remove every
 * numbered chunk this build did not emit.
 */
function removeStaleChunks(outDir: string, stats: WebpackStats): void {
  const emitted = new Set((stats.assets ?? []).map((a) => a.name));
  for (const name of readdirSync(outDir)) {
    if (/^\d+\.index\.(c|m)?js$/.test(name) && !emitted.has(name)) rmSync(join(outDir, name));
  }
}

/** Runs ncc for `entry` into `outDir` with webpack stats, then writes the bundle's notices. */
export function buildBundle(
  entry: string,
  outDir: string,
  options: { root?: string; bom?: CdxBom } = {},
): BundleNotices {
  const root = options.root ?? process.cwd();
  const tmp = mkdtempSync(join(tmpdir(), 'ncc-stats-'));
  try {
    const statsFile = join(tmp, 'stats.json');
    const ncc = require.resolve('@vercel/ncc/dist/ncc/cli.js');
    execFileSync(
      process.execPath,
      [ncc, 'build', entry, '-o', outDir, '--target', 'es2022', '--stats-out', statsFile],
      { cwd: root, stdio: 'inherit' },
    );
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as WebpackStats;
    // The notices replace what `ncc --license licenses.txt` used to write.
    rmSync(join(resolve(root, outDir), 'licenses.txt'), { force: true });
    removeStaleChunks(resolve(root, outDir), stats);
    return writeBundleNotices({
      stats,
      outDir: resolve(root, outDir),
      root,
      bom: options.bom ?? createSbom(root),
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, outDir] = process.argv.slice(2);
  if (!entry || !outDir) {
    console.error('usage: tsx scripts/build-bundle.ts ENTRY OUTDIR');
    process.exit(2);
  }
  try {
    const { file, notices } = buildBundle(entry, outDir);
    const bare = notices.filter((n) => n.texts.length === 0).length;
    console.log(
      `${relative(process.cwd(), file)}: ${notices.length} package copies (${bare} ship no license text)`,
    );
  } catch (error) {
    // ncc has printed its own errors; a notices problem says what to do.
    console.error(
      `build-bundle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  }
}
