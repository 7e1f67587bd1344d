/**
 * The digest of everything that decides a server's scores, recorded with the harness version in
 * scripts/score-digest.json. Two results pages under one version must mean one harness: when
 * what is hashed here changes, the version in package.json must change too, and
 * scripts/score-digest.test.ts fails until it has (docs/head-to-head.md "One page per result").
 *
 *   npx tsx scripts/score-digest.ts          prints the current digest per part
 *   npx tsx scripts/score-digest.ts --write  records it for package.json's version
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What affects scores, part by part. A part is a folder (every file under it) or a list of files;
 * tests and test helpers are left out (they change no score). The client is here because a
 * server answers what it is asked in the era it is asked in; the fake because it is what the
 * servers' calls are judged against; the scenarios and fixtures because they are the tasks.
 * Rendering (src/publish, the summary, the gate) is not: it shows scores, it does not make them.
 */
export const SCORE_PARTS: readonly { name: string; paths: readonly string[] }[] = [
  { name: 'metrics (scoring one run)', paths: ['src/metrics'] },
  { name: 'agent loop and scripted policy', paths: ['src/agent'] },
  { name: 'MCP client (handshake, era, transports)', paths: ['src/servers'] },
  { name: 'model-driven policies', paths: ['src/llm'] },
  { name: 'token counting', paths: ['src/tokens'] },
  { name: 'scenario loading and checks', paths: ['src/scenarios', 'src/trajectory'] },
  {
    name: 'aggregation (per scenario, per suite, causes)',
    paths: [
      'src/report/aggregate-scenario.ts',
      'src/report/aggregate-suite.ts',
      'src/report/failure-cause.ts',
      'src/report/figures.ts',
    ],
  },
  { name: 'fake Central/GreenLake', paths: ['fake-central'] },
  { name: 'scenarios', paths: ['scenarios'] },
  { name: 'fixtures', paths: ['fixtures'] },
];

/** Every file that carries the release's version; a bump changes all of them. */
export const VERSION_FILES = [
  'package.json',
  'packages/fake-central/package.json',
  'python/pytest-hpe-fake-central/pyproject.toml',
] as const;
const BUMP = `Bump the version in ${VERSION_FILES.join(', ')}`;

/** The file scripts/score-digest.json holds. */
export interface ScoreDigestRecord {
  version: string;
  parts: Record<string, string>;
}

const isTestFile = (path: string): boolean =>
  /\.test\.ts$/.test(path) || /(^|\/)test-[^/]*\.ts$/.test(path) || path.includes('__snapshots__');

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((p) => !isTestFile(p));
}

/** sha256 over each part's files (path and content, line endings normalised), in path order. */
export function scoreDigest(root: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of SCORE_PARTS) {
    const hash = createHash('sha256');
    const files = part.paths.flatMap((p) => filesUnder(root, p)).sort();
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8').replace(/\r\n/g, '\n');
      hash.update(`${file}\0${text}\0`);
    }
    parts[part.name] = hash.digest('hex');
  }
  return parts;
}

/**
 * null when the record matches the tree; otherwise what the developer must do. The version is
 * package.json's: scoring that changed under an unchanged version is the error this exists for.
 */
export function scoreDigestProblem(
  recorded: ScoreDigestRecord,
  current: Record<string, string>,
  version: string,
): string | null {
  const changed = Object.keys({ ...recorded.parts, ...current }).filter(
    (k) => recorded.parts[k] !== current[k],
  );
  if (recorded.version === version) {
    if (changed.length === 0) return null;
    return (
      `what affects scores changed under harness version ${version} (${changed.join('; ')}): ` +
      `results of this tree would publish under the same version as results of the old one. ` +
      `${BUMP}, then ` +
      `record it: npx tsx scripts/score-digest.ts --write`
    );
  }
  return (
    `scripts/score-digest.json records version ${recorded.version} but package.json says ${version}: ` +
    `record the new version's digest with npx tsx scripts/score-digest.ts --write`
  );
}

export const RECORD_FILE = 'scripts/score-digest.json';

/**
 * null when `--write` may record `current` for `version`; otherwise why not. Recording new parts
 * under a version that already has a results page in docs/ would let a second page under that
 * version show another harness's figures: the check above cannot catch it, because the record
 * itself is what moved. (After the 0.5.0 page was published, the fake's world changed and the
 * digest was rewritten under 0.5.0: a rerun would have published other figures as "0.5.0".)
 */
export function writeRefusal(
  root: string,
  recorded: ScoreDigestRecord | null,
  current: Record<string, string>,
  version: string,
): string | null {
  if (!recorded || recorded.version !== version) return null;
  if (scoreDigestProblem(recorded, current, version) === null) return null;
  const prefix = `benchmark-results-${version}`;
  const pages = (
    statSync(join(root, 'docs'), { throwIfNoEntry: false })?.isDirectory()
      ? readdirSync(join(root, 'docs'))
      : []
  ).filter((f) => f.endsWith('.md') && (f === `${prefix}.md` || f.startsWith(`${prefix}-`)));
  if (pages.length === 0) return null;
  return (
    `${RECORD_FILE}: not rewritten. What affects scores changed, and harness version ${version} ` +
    `already has a results page (docs/${pages.sort().join(', docs/')}): a new run under ` +
    `${version} would publish other figures under the same version. ${BUMP}, then rerun --write`
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const parts = scoreDigest(root);
  if (process.argv.includes('--write')) {
    const recordPath = join(root, RECORD_FILE);
    const recorded = statSync(recordPath, { throwIfNoEntry: false })
      ? (JSON.parse(readFileSync(recordPath, 'utf8')) as ScoreDigestRecord)
      : null;
    const refusal = writeRefusal(root, recorded, parts, version);
    if (refusal) {
      process.stderr.write(`${refusal}\n`);
      process.exit(1);
    }
    const record: ScoreDigestRecord = { version, parts };
    writeFileSync(join(root, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
    process.stdout.write(`${RECORD_FILE}: ${version}, ${Object.keys(parts).length} parts\n`);
  } else {
    process.stdout.write(`${JSON.stringify({ version, parts }, null, 2)}\n`);
  }
}
