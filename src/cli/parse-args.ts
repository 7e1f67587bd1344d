import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BenchError } from '../common/errors.js';

/**
 * node:util parseArgs with errors that name the offending option and the command's help (the
 * CLI prefixes every message with `hpe-mcp-bench <command>:`, so the message does not repeat it).
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: T,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    throw new BenchError('usage', error instanceof Error ? error.message : String(error), {
      hint: `run 'hpe-mcp-bench ${command} --help'`,
    });
  }
}

/** A non-negative integer option, or a usage error naming it and echoing the value. */
export function intOption(
  command: string,
  name: string,
  raw: string | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw new BenchError(
      'usage',
      `--${name} must be an integer between 0 and ${max}, got "${raw}"`,
      { hint: `run 'hpe-mcp-bench ${command} --help'` },
    );
  }
  return Number(raw);
}
