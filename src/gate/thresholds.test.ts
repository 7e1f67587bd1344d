import { describe, expect, it } from 'vitest';
import { parseThresholds } from './thresholds.js';

const refusal = (yaml: string): string => {
  try {
    parseThresholds(yaml);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('parseThresholds: numbers a double cannot hold', () => {
  it('refuses token-usage: 1e400 and shows it as read (Infinity), not null', () => {
    expect(refusal('token-usage: 1e400')).toContain(
      'has an invalid value "token-usage: Infinity": "token-usage" takes a percentage like 10%, a finite non-negative number, or off',
    );
  });

  it('refuses a percentage too large to be a fraction (it became null in the comment)', () => {
    const message = refusal(`token-usage: ${'9'.repeat(400)}%`);
    expect(message).toContain('a finite non-negative number');
    expect(message).toContain('9'.repeat(400));
  });
});
