import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BenchError } from '../common/errors.js';
import {
  checkCassetteSettings,
  checkInsideDir,
  digestOf,
  withoutDigest,
} from './cassette-integrity.js';
import { withoutCacheMarkers } from './cache-markers.js';
import { canonicalJson } from './conversation.js';
import type { Exchange } from './llm-policy.js';
import type { LlmSettings, MeasuredUsage } from './types.js';

/** One line of a cassette: one model exchange. */
export interface CassetteLine {
  exchange: number;
  turn: number;
  /** sha256 of the request's canonical JSON (keys sorted), cache markers left out. */
  hash: string;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  usage: MeasuredUsage;
  /** digestOf every other field (cassette-integrity.ts): an edit that keeps it is caught. */
  digest: string;
}

/** The file next to the cassettes that pins what they were recorded with. */
export const CASSETTE_SETTINGS_FILE = 'llm-settings.json';

/**
 * sha256 (hex) of a request's canonical JSON without its cache markers (withoutCacheMarkers):
 * the same conversation hashes the same with or without prompt caching.
 */
export function requestHash(request: Record<string, unknown>): string {
  return createHash('sha256')
    .update(canonicalJson(withoutCacheMarkers(request)))
    .digest('hex');
}

const safeName = (name: string): string => name.replace(/[^a-zA-Z0-9._-]/g, '_');

/** `<dir>/<server>/<scenario>/run-<n>.jsonl` (names made filesystem-safe). */
export function cassettePath(dir: string, server: string, scenario: string, run: number): string {
  return join(dir, safeName(server), safeName(scenario), `run-${run}.jsonl`);
}

/** Writes the settings file of a cassette directory (creating the directory). */
export async function writeCassetteSettings(dir: string, settings: LlmSettings): Promise<void> {
  await mkdir(dir, { recursive: true });
  const sealed = { ...settings, digest: digestOf(settings) };
  await writeFile(join(dir, CASSETTE_SETTINGS_FILE), `${JSON.stringify(sealed, null, 2)}\n`);
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
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new BenchError('usage', `${file} is not JSON`, {
      hint: 're-record the cassettes with --policy llm --cassettes DIR',
    });
  }
  return checkCassetteSettings(doc, file);
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
    const fields = {
      exchange: n++,
      turn: exchange.turn,
      hash: requestHash(exchange.request),
      request: exchange.request,
      response: exchange.response,
      usage: exchange.usage,
    };
    const line: CassetteLine = { ...fields, digest: digestOf(fields) };
    await appendFile(file, `${JSON.stringify(line)}\n`);
  };
}

/**
 * A cassette's lines, or null when the file does not exist. A file outside `dir` (a link) or a
 * line that is not a cassette line is a usage error naming file:line, never showing its content.
 * A line whose digest or request hash does not match is kept but marked `edited`: replaying it
 * diverges ("recording edited"), it never answers.
 */
export async function readCassette(
  file: string,
  dir: string,
): Promise<(CassetteLine & { edited: boolean })[] | null> {
  let text: string;
  try {
    await checkInsideDir(file, dir);
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const where = `${file}:${index + 1}`;
      let parsed: Partial<CassetteLine>;
      try {
        parsed = JSON.parse(line) as Partial<CassetteLine>;
      } catch {
        throw new BenchError('usage', `${where}: not JSON`, { hint: RE_RECORD });
      }
      if (
        parsed === null ||
        typeof parsed !== 'object' ||
        typeof parsed.hash !== 'string' ||
        typeof parsed.request !== 'object' ||
        parsed.request === null ||
        typeof parsed.response !== 'object' ||
        parsed.response === null ||
        typeof parsed.turn !== 'number'
      ) {
        throw new BenchError(
          'usage',
          `${where}: not a cassette line (needs turn, hash, request, response, usage and digest)`,
          {
            hint: RE_RECORD,
          },
        );
      }
      const full = parsed as CassetteLine;
      const edited =
        typeof full.digest !== 'string' ||
        full.digest !== digestOf(withoutDigest(full)) ||
        full.hash !== requestHash(full.request);
      return { ...full, edited };
    });
}

const RE_RECORD = 're-record the cassettes with --policy llm --cassettes DIR';
