import { describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { parseBenchConfig } from './load-bench-config.js';

const SERVER = 'servers:\n  ref:\n    transport: stdio\n    command: node\n';

describe('bench config prices:', () => {
  it('loads a price table over the built-in one', () => {
    const config = parseBenchConfig(
      'bench.yml',
      `${SERVER}prices:\n  my-model: { input: 1, output: 2, cache_read: 0.1, cache_write: 0, source: 'https://example.test/prices', as_of: '2026-12-01' }\n`,
    );
    expect(config.prices).toEqual({
      'my-model': {
        input: 1,
        output: 2,
        cache_read: 0.1,
        cache_write: 0,
        source: 'https://example.test/prices',
        as_of: '2026-12-01',
      },
    });
  });

  it('names the line of an entry without its source', () => {
    const text = `${SERVER}prices:\n  my-model: { input: 1, output: 2, cache_read: 0, cache_write: 0, as_of: '2026-12-01' }\n`;
    expect(() => parseBenchConfig('bench.yml', text)).toThrow(BenchError);
    expect(() => parseBenchConfig('bench.yml', text)).toThrow(
      /bench\.yml:6:\d+: \/prices\/my-model.*source/,
    );
  });
});
