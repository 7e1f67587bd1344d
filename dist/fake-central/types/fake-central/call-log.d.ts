import type { CallRecord } from './types.js';
/** The server-side record of every request: the only source the metrics count from. */
export declare class CallLog {
    private records;
    private seq;
    /** performance.now() at the last clear(): `atMs` counts from here. */
    private since;
    /** Milliseconds since the last clear(), for a request arriving now. */
    elapsed(): number;
    /** Reserves the next sequence number (assigned when a request arrives, so order is arrival order). */
    nextSeq(): number;
    add(record: CallRecord): void;
    /** A copy of the records so far, in arrival order. */
    all(): CallRecord[];
    clear(): void;
}
/** First 16 hex chars of sha256(body), or null for an empty body. */
export declare function bodyDigest(body: Buffer): string | null;
/** URLSearchParams → plain record (repeated keys become arrays), keys sorted for stable output. */
export declare function queryRecord(query: URLSearchParams): Record<string, string | string[]>;
