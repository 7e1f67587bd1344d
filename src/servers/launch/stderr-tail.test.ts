import { describe, expect, it } from 'vitest';
import { StderrTail } from './stderr-tail.js';

describe('StderrTail', () => {
  it('keeps everything when small, across chunk boundaries', () => {
    const tail = new StderrTail();
    tail.push('Traceback (most');
    tail.push(Buffer.from(' recent call last):\n  File "x.py"\nValueError: boom\n'));
    expect(tail.text()).toBe('Traceback (most recent call last):\n  File "x.py"\nValueError: boom');
    expect(tail.lastLines(1)).toBe('ValueError: boom');
  });

  it('keeps only the last 40 lines', () => {
    const tail = new StderrTail();
    for (let i = 1; i <= 100; i++) tail.push(`line ${i}\n`);
    const lines = tail.text().split('\n');
    expect(lines).toHaveLength(40);
    expect(lines[0]).toBe('line 61');
    expect(lines.at(-1)).toBe('line 100');
  });

  it('keeps at most 8 KB and drops the line the byte bound cut', () => {
    const tail = new StderrTail();
    for (let i = 0; i < 1000; i++) tail.push(`${String(i).padStart(4, '0')} ${'x'.repeat(295)}\n`);
    const text = tail.text();
    expect(text.length).toBeLessThanOrEqual(8 * 1024);
    expect(text.split('\n').every((line) => line.length === 300)).toBe(true);
    expect(text.endsWith(`0999 ${'x'.repeat(295)}`)).toBe(true);
  });

  it('is empty when nothing was written', () => {
    expect(new StderrTail().text()).toBe('');
    expect(new StderrTail().lastLines(5)).toBe('');
  });
});
