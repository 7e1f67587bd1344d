/**
 * The one build: every bundle hpe-mcp-bench ships, from one esbuild config, with its third-party
 * notices. `tsx scripts/build-bundle.ts` builds dist/ (DIST_ENTRIES); `build-pytest-bundle.ts`
 * builds the pytest plugin's fake with the same config.
 *
 * The entries of dist/ are built together, so code they share (the harness core, the MCP SDK,
 * ajv, yaml…) is written once into `chunks/`, and what an entry loads only on demand (a model
 * SDK, the o200k ranks) stays a chunk of its own that is read when first imported.
 *
 * The package set of the notices comes from esbuild's metafile (every input each output carries
 * bytes of) and each package's name, version, declared licence and licence files from a CycloneDX
 * SBOM of the installed tree (@cyclonedx/cyclonedx-npm).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { dedupePackageCopies } from './dedupe-package-copies.js';
import { bundledPackageDirs, type BundleMetafile } from './notices/bundled-packages.js';
import { listedPackages, renderNotices } from './notices/render-notices.js';
import {
  createSbom,
  noticesByPath,
  sbomTool,
  type CdxBom,
  type PackageNotice,
} from './notices/sbom-licenses.js';

/** The notices file of a build, in its output directory. */
export const NOTICES_FILE = 'third-party-notices.txt';

/** Where the shared and lazy chunks go, under the output directory. */
export const CHUNKS_DIR = 'chunks';

/** One entry: the source module and its output path without extension, under the output dir. */
export interface BundleEntry {
  in: string;
  out: string;
}

/**
 * The entries of dist/: the action (action.yml `main`), the CLI (package.json `bin`), the
 * reference server the default config launches, and the fake's npm export (`./fake-central`).
 */
export const DIST_ENTRIES: readonly BundleEntry[] = [
  { in: 'src/action/index.ts', out: 'index' },
  { in: 'src/cli/index.ts', out: 'cli/index' },
  { in: 'examples/reference-server/index.ts', out: 'reference-server/index' },
  { in: 'src/fake-central-package/index.ts', out: 'fake-central/index' },
];

/** What one build's notices cover. */
export interface BundleNotices {
  /** The notices file written. */
  file: string;
  /** The output files, relative to the output directory (entries first). */
  files: string[];
  /** The bundled package directories (relative to the root). */
  dirs: string[];
  notices: PackageNotice[];
}

/**
 * Writes `<outDir>/third-party-notices.txt` for the build the metafile describes. Throws when a
 * bundled package is missing from the SBOM or from the written notices: never a silent gap.
 */
export function writeBundleNotices(options: {
  metafile: BundleMetafile;
  files: string[];
  outDir: string;
  root: string;
  bom: CdxBom;
}): BundleNotices {
  const { metafile, files, outDir, root, bom } = options;
  const bundle = relative(root, outDir).split('\\').join('/') || '.';
  const dirs = bundledPackageDirs(metafile, root);
  const known = noticesByPath(bom);
  const unknown = dirs.filter((dir) => !known.has(dir));
  if (unknown.length > 0) {
    throw new Error(
      `${bundle} carries ${unknown.join(', ')}, which the SBOM does not list: run \`npm ci\` and build again`,
    );
  }
  const notices = dirs.map((dir) => known.get(dir)).filter((n) => n !== undefined);
  const text = renderNotices({ bundle, files, tool: sbomTool(bom) }, notices);
  const listed = listedPackages(text);
  const dropped = notices.filter((n) => !listed.has(`${n.name}@${n.version}`));
  if (dropped.length > 0) {
    throw new Error(`the notices of ${bundle} lost ${dropped.map((n) => n.name).join(', ')}`);
  }
  const file = join(outDir, NOTICES_FILE);
  writeFileSync(file, text);
  return { file, files, dirs, notices };
}

/**
 * The build writes into `outDir` without emptying it (dist/ also holds the fake's type
 * declarations and package.json), so a chunk an earlier build wrote stays behind, committed and
 * shipped, after the code that needed it is gone: remove every chunk this build did not emit,
 * and the numbered chunks (`413.index.js`) and notices the ncc builds before it left beside
 * each entry.
 */
function removeStaleChunks(outDir: string, emitted: ReadonlySet<string>, entryDirs: string[]) {
  const chunks = join(outDir, CHUNKS_DIR);
  if (existsSync(chunks))
    for (const name of readdirSync(chunks))
      if (!emitted.has(`${CHUNKS_DIR}/${name}`)) rmSync(join(chunks, name), { force: true });
  for (const dir of entryDirs) {
    const at = join(outDir, dir);
    if (!existsSync(at)) continue;
    for (const name of readdirSync(at))
      if (/^\d+\.index\.(c|m)?js$/.test(name)) rmSync(join(at, name));
    rmSync(join(at, 'licenses.txt'), { force: true });
    // One build, one notices file (in outDir): the per-bundle ones of the ncc builds go.
    if (dir !== '.') rmSync(join(at, NOTICES_FILE), { force: true });
  }
}

/**
 * The esbuild options of every hpe-mcp-bench bundle: `entries` (paths relative to `root`) as ES
 * modules for Node 20 in `outDir`, shared and lazy chunks under `chunks/`. The test run's own
 * build of the CLI (test/helpers/cli-under-test.ts) uses them too, so it is this bundle.
 */
export function bundleOptions(
  entries: readonly BundleEntry[],
  outDir: string,
  root: string,
): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: entries.map((e) => ({ in: e.in, out: e.out })),
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
    // Shorter syntax, same lines and names: a stack trace still reads (13.3 MB instead of 14.2;
    // whitespace too would give 10.5 MB of one-line files).
    minifySyntax: true,
    // Bundled CommonJS packages call require() for Node's built-ins: give ES modules one.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
    // One copy of each package version, however many nested copies npm installed.
    plugins: [dedupePackageCopies(root)],
  };
}

/**
 * Bundles `entries` into `outDir` (ES modules for Node 20, shared and lazy chunks under
 * `chunks/`), then writes the build's notices. Paths are relative to `root`.
 */
export async function buildBundle(
  entries: readonly BundleEntry[],
  outDir: string,
  options: { root?: string; bom?: CdxBom } = {},
): Promise<BundleNotices> {
  const root = options.root ?? process.cwd();
  const out = resolve(root, outDir);
  const { metafile } = await build(bundleOptions(entries, out, root));
  const entryFiles = entries.map((e) => `${e.out}.js`);
  const files = Object.keys(metafile.outputs)
    .map((file) => relative(out, resolve(root, file)).split('\\').join('/'))
    .sort(
      (a, b) =>
        Number(entryFiles.includes(b)) - Number(entryFiles.includes(a)) || a.localeCompare(b),
    );
  const entryDirs = [...new Set(entryFiles.map((f) => f.split('/').slice(0, -1).join('/') || '.'))];
  removeStaleChunks(out, new Set(files), entryDirs);
  return writeBundleNotices({
    metafile,
    files,
    outDir: out,
    root,
    bom: options.bom ?? createSbom(root),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { file, files, notices } = await buildBundle(DIST_ENTRIES, 'dist');
    const bare = notices.filter((n) => n.texts.length === 0).length;
    console.log(
      `dist: ${files.length} files; ${relative(process.cwd(), file)}: ${notices.length} package copies (${bare} ship no license text)`,
    );
  } catch (error) {
    // esbuild has printed its own errors; a notices problem says what to do.
    console.error(
      `build-bundle: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    );
    process.exit(1);
  }
}
