import {
  deserializeMessage,
  serializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';
import type { Readable } from 'node:stream';
import type { GroupProcess } from './process-group.js';

/** The largest stdout line (one JSON-RPC message) read, in characters: the SDK's own limit. */
export const MAX_LINE_CHARS = 10 * 1024 * 1024;
const MAX_LINE_MIB = MAX_LINE_CHARS / 1024 / 1024;
/** How much of an oversized line is kept to find its JSON-RPC id. */
const KEEP = 256;
// The id of a response, read from the end of the line (where the SDK writes it) or its start.
const RESPONSE_ID = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*[,}]/g;

function responseId(text: string): number | string | undefined {
  const matches = [...text.matchAll(RESPONSE_ID)];
  const raw = matches.at(-1)?.[1];
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as number | string;
  } catch {
    return undefined;
  }
}

function quote(line: string): string {
  const short = line.length > 120 ? `${line.slice(0, 120)}…` : line;
  return JSON.stringify(short);
}

/**
 * MCP over the stdin/stdout of a process the harness spawned itself.
 *
 * Why not the SDK's StdioClientTransport: it spawns the server without `detached`, so the
 * server shares the harness's process group and a grandchild it starts (a Python launcher, a
 * `uv run`) cannot be killed as a group; its close() only signals the direct child; and it
 * merges `getDefaultEnvironment()` (the harness's USER, LOGNAME, SHELL, TERM) into the
 * environment, which would make the server's environment no longer exactly the one we built.
 * Launching through `setsid(1)` fixes the first but not the others and is missing on macOS.
 * So this transport wraps a child spawned detached (its own process group), and keeps the
 * SDK's wire format: newline-delimited JSON framed by `serializeMessage`, each line parsed and
 * schema-checked by `deserializeMessage`, exactly as the SDK's ReadBuffer does — but keeping the
 * offending line, so garbage on stdout is reported with what the server printed. A line over
 * MAX_LINE_CHARS is reported as "result larger than 10 MiB" as soon as it passes the limit,
 * skipped to its end, and the request it answered gets a JSON-RPC error at once. (The SDK's
 * ReadBuffer clears itself at the limit and throws, so the rest of the line then arrives as
 * "not JSON" and the call waits for its timeout:
 * node_modules/@modelcontextprotocol/sdk/dist/esm/shared/stdio.js:10-16@1.32.2.)
 *
 * Era negotiation (MCP 2026-07-28): the v2 client treats a transport with `pid` and `stderr` as
 * stdio-shaped and, since this is not the SDK's own StdioClientTransport, probes
 * `server/discover` in place on this pipe; a 2025-era server answers it with an error (or
 * stays silent until the probe's timeout) and the fallback `initialize` follows on the same
 * pipe (node_modules/@modelcontextprotocol/client/dist/public-CvV4ZHkX.mjs:2217 and :2049-2052
 * @2.4.0: `"stderr" in transport && "pid" in transport`; timeout or close on stdio = legacy).
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Each stdout line that is not a JSON-RPC message (the wire check counts them). */
  onGarbage?: (line: string) => void;

  private buffer = '';
  private closed = false;
  /** Set while the rest of an oversized line is skipped: its first and last characters. */
  private skipping: { head: string; tail: string; length: number } | null = null;

  constructor(private readonly process: GroupProcess) {}

  /** The server's pid: with {@link stderr}, what marks this transport stdio-shaped to the v2 client. */
  get pid(): number | null {
    return this.process.child.pid ?? null;
  }

  /** The server's stderr (the session reads it into the stderr tail, never this transport). */
  get stderr(): Readable | null {
    return this.process.stderr ?? null;
  }

  start(): Promise<void> {
    const { child, stdout, stdin } = this.process;
    stdout?.setEncoding('utf8');
    stdout?.on('data', (chunk: string) => this.receive(chunk));
    stdout?.on('error', (error) => this.onerror?.(error));
    stdin?.on('error', (error: NodeJS.ErrnoException) => {
      // The server exited with our request unread (a socketpair resets then): its exit says why.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
      this.onerror?.(error);
    });
    // 'close' comes after 'exit' and the end of stdout, so every message was delivered first.
    child.once('close', () => this.finish());
    void this.process.exited.then((info) => {
      if (info.error) this.finish();
    });
    return Promise.resolve();
  }

  private receive(chunk: string): void {
    if (this.skipping) {
      const newline = chunk.indexOf('\n');
      const skipped = this.skipping;
      skipped.length += newline < 0 ? chunk.length : newline;
      skipped.tail = (skipped.tail + (newline < 0 ? chunk : chunk.slice(0, newline))).slice(-KEEP);
      if (newline < 0) return;
      this.skipping = null;
      this.endOversized(skipped);
      chunk = chunk.slice(newline + 1);
    }
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line.length > MAX_LINE_CHARS) {
        this.endOversized({
          head: line.slice(0, KEEP),
          tail: line.slice(-KEEP),
          length: line.length,
        });
        continue;
      }
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        const kind = error instanceof SyntaxError ? 'not JSON' : 'not a JSON-RPC message';
        this.onGarbage?.(line);
        this.onerror?.(new Error(`the server wrote ${kind} on stdout: ${quote(line)}`));
        continue;
      }
      this.onmessage?.(message);
    }
    if (this.buffer.length > MAX_LINE_CHARS) {
      // Say so now, not when the line ends; skip the rest of it without holding it in memory.
      this.skipping = {
        head: this.buffer.slice(0, KEEP),
        tail: this.buffer.slice(-KEEP),
        length: this.buffer.length,
      };
      this.buffer = '';
      this.onerror?.(new Error(`${this.oversizedNote()} (still arriving)`));
    }
  }

  private oversizedNote(length?: number): string {
    const size = length === undefined ? '' : ` (${(length / 1024 / 1024).toFixed(1)} MiB)`;
    return `result larger than ${MAX_LINE_MIB} MiB${size}: the server wrote one stdout line over the ${MAX_LINE_MIB} MiB limit`;
  }

  /**
   * An oversized line has ended: report it, and answer the request it was the response to with a
   * JSON-RPC error so the call fails now rather than at its timeout.
   */
  private endOversized(line: { head: string; tail: string; length: number }): void {
    const note = this.oversizedNote(line.length);
    this.onerror?.(new Error(note));
    const id = responseId(line.tail) ?? responseId(line.head);
    if (id === undefined) return;
    this.onmessage?.({ jsonrpc: '2.0', id, error: { code: -32603, message: note } });
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process.stdin;
    if (this.closed || !stdin || stdin.destroyed || !stdin.writable) {
      return Promise.reject(new Error('the server is not running'));
    }
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) return resolve();
      // A server that dies with a full pipe never drains: its exit ends the wait.
      const done = () => resolve();
      stdin.once('drain', done).once('close', done);
    });
  }

  /** Closes the server's stdin (a polite stop); the session kills the process group after. */
  close(): Promise<void> {
    try {
      this.process.stdin?.end();
    } catch {
      // already closed
    }
    this.finish();
    return Promise.resolve();
  }
}
