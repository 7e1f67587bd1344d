import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { GroupProcess } from './process-group.js';

/** The SDK's own limit for one unterminated stdout line. */
const MAX_BUFFER = 10 * 1024 * 1024;

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
 * offending line, so garbage on stdout is reported with what the server printed.
 */
export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private buffer = '';
  private closed = false;

  constructor(private readonly process: GroupProcess) {}

  start(): Promise<void> {
    const { child } = this.process;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => this.receive(chunk));
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdin?.on('error', (error) => this.onerror?.(error));
    // 'close' comes after 'exit' and the end of stdout, so every message was delivered first.
    child.once('close', () => this.finish());
    void this.process.exited.then((info) => {
      if (info.error) this.finish();
    });
    return Promise.resolve();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_BUFFER) {
      this.buffer = '';
      this.onerror?.(
        new Error(`the server wrote over ${MAX_BUFFER} bytes on stdout without a newline`),
      );
      return;
    }
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        const kind = error instanceof SyntaxError ? 'not JSON' : 'not a JSON-RPC message';
        this.onerror?.(new Error(`the server wrote ${kind} on stdout: ${quote(line)}`));
        continue;
      }
      this.onmessage?.(message);
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.process.child.stdin;
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
      this.process.child.stdin?.end();
    } catch {
      // already closed
    }
    this.finish();
    return Promise.resolve();
  }
}
