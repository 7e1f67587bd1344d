import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { BenchError } from '../common/errors.js';
import { parseReport } from '../report/parse-report.js';
import type { Report } from '../report/types.js';

const GZIP_MAGIC = [0x1f, 0x8b];

/** The file's text, gunzipped when it starts with gzip's magic bytes (throws on a cut archive). */
function textOf(bytes: Buffer): string {
  const gzipped = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  return (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
}

/**
 * Reads a report.json from disk: parsed, validated against its versioned schema and upgraded to
 * the current version (parseReport). Every report the CLI or the action reads goes through here
 * or through parseReport; errors name the file (as `shown`: the path the user gave) and the
 * first bad field. A gzip-compressed file (a published head-to-head report kept beside its page,
 * `docs/benchmark-results-*.report.json.gz`) is read through gunzip.
 */
export async function readReport(path: string, shown = path): Promise<Report> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new BenchError(
      'usage',
      `${shown}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { hint: 'pass the path of a report.json written by `hpe-mcp-bench run`' },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(textOf(bytes));
  } catch (error) {
    throw new BenchError(
      'report_invalid',
      `${shown} is not a valid hpe-mcp-bench report: not JSON or not gzip-compressed JSON (${error instanceof Error ? error.message : String(error)})`,
      { hint: 'pass the report.json that `hpe-mcp-bench run` (or the action) wrote' },
    );
  }
  return parseReport(value, shown);
}
