import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BenchError } from '../common/errors.js';
import { canonicalJson } from './conversation.js';
import type { Exchange } from './llm-policy.js';
import type { LlmSettings, MeasuredUsage } from './types.js';

/** One line of a cassette: one model exchange. */
export interface CassetteLine {
  exchange: number;
  turn: number;
  /** sha256 of the request's canonical JSON (keys sorted). */
  hash: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  usage: MeasuredUsage;
}

/** The file next to the cassettes that pins what they were recorded with. */
export const CASSETTE_SETTINGS_FILE = 'llm-settings.json';

/** sha256 (hex) of a request's canonical JSON. */
export function requestHash(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

const safeName = (name: string): string => name.replace(/[^a-zA-Z0-9._-]/g, '_');

/** `<dir>/<server>/<scenario>/run-<n>.jsonl` (names made filesystem-safe). */
export function cassettePath(dir: string, server: string, scenario: string, run: number): string {
  return join(dir, safeName(server), safeName(scenario), `run-${run}.jsonl`);
}

/** Writes the settings file of a cassette directory (creating the directory). */
export async function writeCassetteSettings(dir: string, settings: LlmSettings): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, CASSETTE_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
}

/** Reads the settings a cassette directory was recorded with; a usage error names the file. */
export async function readCassetteSettings(dir: string): Promise<LlmSettings> {
  const file = join(dir, CASSETTE_SETTINGS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new BenchError('usage', `${file} is missing: ${dir} holds no recorded session`, {
      hint: 'record one with --policy llm --cassettes DIR first',
    });
  }
  try {
    return JSON.parse(text) as LlmSettings;
  } catch (error) {
    throw new BenchError('usage', `${file} is not JSON: ${(error as Error).message}`, {
      hint: 're-record the cassettes with --policy llm --cassettes DIR',
    });
  }
}

/**
 * A recorder for one run: truncates its cassette, then appends one line per exchange as it
 * happens (a run stopped by the deadline or the budget keeps what it exchanged).
 */
export async function createCassetteRecorder(
  file: string,
): Promise<(exchange: Exchange) => Promise<void>> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, '');
  let n = 0;
  return async (exchange) => {
    const line: CassetteLine = {
      exchange: n++,
      turn: exchange.turn,
      hash: requestHash(exchange.request),
      request: exchange.request,
      response: exchange.response,
      usage: exchange.usage,
    };
    await appendFile(file, `${JSON.stringify(line)}\n`);
  };
}

/** A cassette's lines, or null when the file does not exist; bad lines are errors naming file:line. */
export async function readCassette(file: string): Promise<CassetteLine[] | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        const parsed = JSON.parse(line) as CassetteLine;
        if (typeof parsed.hash !== 'string' || typeof parsed.response !== 'object') {
          throw new Error('needs hash, request, response and usage');
        }
        return parsed;
      } catch (error) {
        throw new BenchError(
          'usage',
          `${file}:${index + 1}: not a cassette line (${(error as Error).message})`,
          {
            hint: 're-record the cassettes with --policy llm --cassettes DIR',
          },
        );
      }
    });
}
