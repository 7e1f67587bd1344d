/** Default bounds of a server's stderr tail: the last 40 lines, at most 8 KB. */
export const TAIL_LINES = 40;
export const TAIL_BYTES = 8 * 1024;

/**
 * The last lines a process wrote, bounded in lines and bytes however much it writes, so an error
 * report can quote a crashing server without holding its whole log.
 */
export class StderrTail {
  private buffer = '';
  private dropped = false;

  constructor(
    private readonly maxLines = TAIL_LINES,
    private readonly maxBytes = TAIL_BYTES,
  ) {}

  push(chunk: Buffer | string): void {
    this.buffer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    // Trim lazily (at twice the bound) so a chatty server does not cost a copy per chunk.
    if (this.buffer.length > 2 * this.maxBytes) {
      this.buffer = this.buffer.slice(-this.maxBytes);
      this.dropped = true;
    }
  }

  /** The tail as text (no trailing newline); an empty string when nothing was written. */
  text(): string {
    let text = this.buffer.length > this.maxBytes ? this.buffer.slice(-this.maxBytes) : this.buffer;
    const cut = this.dropped || text.length < this.buffer.length;
    let lines = text.replace(/\s+$/, '').split('\n');
    // A line cut by the byte bound is partial: drop it.
    if (cut && lines.length > 1) lines = lines.slice(1);
    if (lines.length > this.maxLines) lines = lines.slice(-this.maxLines);
    text = lines.join('\n');
    return text;
  }

  /** The last `n` lines of the tail. */
  lastLines(n: number): string {
    const text = this.text();
    return text === '' ? '' : text.split('\n').slice(-n).join('\n');
  }
}
