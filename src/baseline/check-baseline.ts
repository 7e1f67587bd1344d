import { BenchError } from '../common/errors.js';
import { parseReport } from '../report/parse-report.js';
import type { Report } from '../report/types.js';
import { BaselineUnavailableError, type Baseline } from './types.js';

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A restored baseline made trustworthy: the envelope (key, sha, savedAt) is checked and the report
 * goes through parseReport (validated against its versioned schema, upgraded). A corrupt or
 * foreign entry becomes BaselineUnavailableError naming `source` and the first bad field, so
 * the gate warns and cold-starts instead of crashing or comparing against garbage.
 */
export function checkBaseline(found: unknown, source: string): Baseline<Report> {
  const b = found as Partial<Baseline> | null;
  if (b === null || typeof b !== 'object' || !text(b.key) || !text(b.sha) || !text(b.savedAt)) {
    throw new BaselineUnavailableError(
      `${source} is not an hpe-mcp-bench baseline (expected key, sha, savedAt and report)`,
    );
  }
  try {
    return { ...(b as Baseline), report: parseReport(b.report, `${source} (baseline ${b.key})`) };
  } catch (error) {
    if (error instanceof BenchError) throw new BaselineUnavailableError(error.message);
    throw error;
  }
}
