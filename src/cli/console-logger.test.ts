import { describe, expect, it } from 'vitest';
import { createConsoleLogger } from './console-logger.js';

function capture(tty: boolean, quiet: boolean) {
  let out = '';
  const logger = createConsoleLogger({ write: (t) => (out += t), tty, quiet });
  return { logger, out: () => out };
}

describe('createConsoleLogger', () => {
  it('prints progress as plain lines off a TTY (CI logs)', () => {
    const { logger, out } = capture(false, false);
    logger.progress('[1/2] a');
    logger.progress('[2/2] b');
    logger.warn('w');
    expect(out()).toBe('[1/2] a\n[2/2] b\nwarning: w\n');
  });

  it('redraws one line on a TTY and clears it before other output', () => {
    const { logger, out } = capture(true, false);
    logger.progress('[1/2] a');
    logger.progress('[2/2] b');
    logger.info('done');
    logger.end();
    expect(out()).toBe('[1/2] a\r\x1b[2K[2/2] b\r\x1b[2Kdone\n');
  });

  it('drops progress when quiet but keeps warnings', () => {
    const { logger, out } = capture(true, true);
    logger.progress('[1/2] a');
    logger.warn('server x did not start');
    logger.end();
    expect(out()).toBe('warning: server x did not start\n');
  });
});
