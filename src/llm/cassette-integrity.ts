import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { relative, isAbsolute } from 'node:path';
import { BenchError } from '../common/errors.js';
import { canonicalJson } from './conversation.js';
import { PROVIDERS, type LlmSettings } from './types.js';

/**
 * sha256 (hex) of a value's canonical JSON: what a cassette line or settings file carries as
 * `digest` of everything else in it. It makes a recording tamper-evident, not tamper-proof: a
 * hand edit that keeps the old digest (as an edited response with its request `hash` kept did)
 * is caught, one that recomputes it is not — that one shows in the pull request's diff of the
 * committed cassettes.
 */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** The value without its `digest` field, which is what the digest covers. */
export function withoutDigest<T extends { digest?: unknown }>(value: T): Omit<T, 'digest'> {
  const { digest: _digest, ...rest } = value;
  return rest;
}

const isInt = (v: unknown, min: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min;

/**
 * The settings a recording was made with, checked like every other input: each field's type and
 * range, and the digest. A problem is a usage error naming the file and the field, never the
 * file's content.
 */
export function checkCassetteSettings(doc: unknown, file: string): LlmSettings {
  const bad = (what: string): BenchError =>
    new BenchError('usage', `${file}: ${what}`, {
      hint: 're-record the cassettes with --policy llm --cassettes DIR (the file is written, not edited)',
    });
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw bad('expected a JSON object of model settings');
  const s = doc as Record<string, unknown>;
  const checks: [keyof LlmSettings, boolean, string][] = [
    ['provider', (PROVIDERS as readonly unknown[]).includes(s.provider), PROVIDERS.join(' or ')],
    ['model', typeof s.model === 'string' && s.model !== '', 'a model id'],
    ['base_url', s.base_url === null || typeof s.base_url === 'string', 'a URL or null'],
    [
      'temperature',
      typeof s.temperature === 'number' && s.temperature >= 0 && s.temperature <= 2,
      'a number from 0 to 2',
    ],
    ['seed', s.seed === null || isInt(s.seed, 0), 'a non-negative integer or null'],
    ['max_output_tokens', isInt(s.max_output_tokens, 1), 'an integer of at least 1'],
    ['max_turns', isInt(s.max_turns, 1), 'an integer of at least 1'],
    ['prompt_version', typeof s.prompt_version === 'string', 'a string'],
    ['max_retries', isInt(s.max_retries, 0), 'a non-negative integer'],
  ];
  for (const [key, ok, expected] of checks) if (!ok) throw bad(`"${key}" must be ${expected}`);
  if (typeof s.digest !== 'string')
    throw bad('has no digest (recorded by an older harness, or written by hand)');
  if (s.digest !== digestOf(withoutDigest(s)))
    throw bad('was edited after it was recorded (its digest no longer matches)');
  return withoutDigest(s) as unknown as LlmSettings;
}

/**
 * Refuses a cassette file that is, or is reached through, a symbolic link leading out of the
 * cassette directory (a recording must not read, or echo, another file of the machine).
 */
export async function checkInsideDir(file: string, dir: string): Promise<void> {
  const [realFile, realDir] = await Promise.all([realpath(file), realpath(dir)]);
  const rel = relative(realDir, realFile);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new BenchError('usage', `${file} leads outside the cassette directory ${dir}`, {
      hint: 'cassettes are plain files inside the directory; remove the link',
    });
}
