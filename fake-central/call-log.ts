import { createHash } from 'node:crypto';
import type { CallRecord } from './types.js';

/** The server-side record of every request: the only source the metrics count from. */
export class CallLog {
  private records: CallRecord[] = [];
  private seq = 0;
  /** performance.now() at the last clear(): `atMs` counts from here. */
  private since = performance.now();

  /** Milliseconds since the last clear(), for a request arriving now. */
  elapsed(): number {
    return Math.round((performance.now() - this.since) * 1000) / 1000;
  }

  /** Reserves the next sequence number (assigned when a request arrives, so order is arrival order). */
  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  add(record: CallRecord): void {
    this.records.push(record);
  }

  /** A copy of the records so far, in arrival order. */
  all(): CallRecord[] {
    return this.records.map((r) => ({
      ...r,
      query: { ...r.query },
      ...(r.credentialSent ? { credentialSent: [...r.credentialSent] } : {}),
    }));
  }

  clear(): void {
    this.records = [];
    this.seq = 0;
    this.since = performance.now();
  }
}

/** First 16 hex chars of sha256(body), or null for an empty body. */
export function bodyDigest(body: Buffer): string | null {
  if (body.length === 0) return null;
  return createHash('sha256').update(body).digest('hex').slice(0, 16);
}

/** URLSearchParams → plain record (repeated keys become arrays), keys sorted for stable output. */
export function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of [...new Set(query.keys())].sort()) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return out;
}
