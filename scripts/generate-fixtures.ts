import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BUNDLES, BUNDLE_IDS, isBundleId, type BundleId } from './fixtures/bundles.js';
import { renderBundle } from './fixtures/render-bundle.js';
import { writeBundle } from './fixtures/write-bundle.js';

/** Where to write and which bundles to generate. */
export interface GenerateOptions {
  out: string;
  bundles: BundleId[];
}

export interface GeneratedBundle {
  id: BundleId;
  dir: string;
  files: number;
  bytes: number;
}

const USAGE = 'usage: npm run fixtures -- [--out DIR] [--bundle NAME]';

/** `--out DIR` (default fixtures/central) and `--bundle NAME` (repeatable; default all). */
export function parseGenerateArgs(argv: readonly string[]): GenerateOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: 'string', default: 'fixtures/central' },
      bundle: { type: 'string', multiple: true },
    },
    strict: true,
    allowPositionals: false,
  });
  const names = values.bundle ?? BUNDLE_IDS;
  const bundles = names.map((name) => {
    if (!isBundleId(name)) {
      throw new Error(
        `unknown bundle "${name}"; expected one of: ${BUNDLE_IDS.join(', ')}\n${USAGE}`,
      );
    }
    return name;
  });
  return { out: values.out, bundles };
}

/** Builds, renders and writes each requested bundle into `<out>/<id>/`. */
export async function generate(options: GenerateOptions): Promise<GeneratedBundle[]> {
  const results: GeneratedBundle[] = [];
  for (const id of options.bundles) {
    const files = renderBundle(BUNDLES[id]());
    const dir = join(resolve(options.out), id);
    await writeBundle(dir, files);
    let bytes = 0;
    for (const text of files.values()) bytes += Buffer.byteLength(text, 'utf8');
    results.push({ id, dir, files: files.size, bytes });
  }
  return results;
}

async function main(): Promise<void> {
  const options = parseGenerateArgs(process.argv.slice(2));
  for (const r of await generate(options)) {
    console.log(`${r.id}: ${r.files} files, ${(r.bytes / 1_048_576).toFixed(2)} MiB → ${r.dir}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
