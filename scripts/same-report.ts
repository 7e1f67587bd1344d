/**
 * `npx tsx scripts/same-report.ts A/report.json B/report.json` — whether two reports are the same
 * but for timing (src/report/strip-timing.ts: latencies, start-ups, durations, the date, the load
 * average): the check that a change to how a run executes changed no result. Exit 0 and
 * "same" when the stripped reports are equal; else exit 1 and the paths that differ (the first
 * 20). Provenance (`provenance.git`, the code's SHA) differs between two builds and is listed
 * as such, not hidden: read it.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { stripTiming } from '../src/report/strip-timing.js';

const [a, b] = process.argv.slice(2);
if (a === undefined || b === undefined) {
  console.error('usage: tsx scripts/same-report.ts A/report.json B/report.json');
  process.exit(2);
}
const read = (file: string): unknown => stripTiming(JSON.parse(readFileSync(file, 'utf8')));

/** Every path where `x` and `y` differ, down to the first differing value. */
function differences(x: unknown, y: unknown, path: string, out: string[]): void {
  if (isDeepStrictEqual(x, y)) return;
  const bothObjects = x !== null && y !== null && typeof x === 'object' && typeof y === 'object';
  if (!bothObjects || Array.isArray(x) !== Array.isArray(y)) {
    out.push(`${path}: ${JSON.stringify(x)?.slice(0, 120)} → ${JSON.stringify(y)?.slice(0, 120)}`);
    return;
  }
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) {
    differences(
      (x as Record<string, unknown>)[key],
      (y as Record<string, unknown>)[key],
      `${path}.${key}`,
      out,
    );
  }
}

const found: string[] = [];
differences(read(a), read(b), '$', found);
if (found.length === 0) {
  console.log(`same: ${a} and ${b} differ only in timing`);
} else {
  console.log(`${found.length} paths differ beyond timing:`);
  for (const line of found.slice(0, 20)) console.log(`  ${line}`);
  process.exitCode = 1;
}
