/**
 * Records the sha256 of every file of dist/ in dist/dist-digest.json (src/common/dist-digest.ts),
 * which the harness checks before it loads its lazily imported chunks: run at the end of every
 * build (`npm run build:digest`), after everything else has written dist/.
 *
 *   tsx scripts/write-dist-digest.ts [DIST_DIR]   (default: dist)
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIGEST_FILE, digestOf } from '../src/common/dist-digest.js';

const root = resolve(process.argv[2] ?? 'dist');
const digest = digestOf(root);
writeFileSync(join(root, DIGEST_FILE), `${JSON.stringify(digest, null, 2)}\n`);
process.stdout.write(`${DIGEST_FILE}: ${Object.keys(digest.sha256).length} files of ${root}\n`);
