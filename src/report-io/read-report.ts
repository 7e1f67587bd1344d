import { readFile } from 'node:fs/promises';
import { BenchError } from '../common/errors.js';
import { parseReport } from '../report/parse-report.js';
import type { Report } from '../report/types.js';

/**
 * Reads a report.json from disk: parsed, validated against its versioned schema and upgraded to
 * the current version (parseReport). Every report the CLI or the action reads goes through here
 * or through parseReport; errors name the file (as `shown`: the path the user gave) and the
 * first bad field.
 */
export async function readReport(path: string, shown = path): Promise<Report> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new BenchError(
      'usage',
      `${shown}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { hint: 'pass the path of a report.json written by `hpe-mcp-bench run`' },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BenchError(
      'report_invalid',
      `${shown} is not a valid hpe-mcp-bench report: not JSON (${error instanceof Error ? error.message : String(error)})`,
      { hint: 'pass the report.json that `hpe-mcp-bench run` (or the action) wrote' },
    );
  }
  return parseReport(value, shown);
}
