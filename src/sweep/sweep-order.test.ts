import { describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import { smallestFirst } from './sweep-order.js';

const ROOT = packageRoot();

describe('smallestFirst', () => {
  it('sweeps site-a before campus-b whatever the order given (the once-per-server probes go there)', () => {
    const both = ['fixtures/central/campus-b', 'fixtures/central/site-a'];
    expect(smallestFirst(both, ROOT)).toEqual([
      'fixtures/central/site-a',
      'fixtures/central/campus-b',
    ]);
    expect(smallestFirst([...both].reverse(), ROOT)).toEqual([
      'fixtures/central/site-a',
      'fixtures/central/campus-b',
    ]);
  });

  it('puts a bundle that is not there last, for its sweep to report', () => {
    expect(smallestFirst(['fixtures/central/nope', 'fixtures/central/site-a'], ROOT)).toEqual([
      'fixtures/central/site-a',
      'fixtures/central/nope',
    ]);
  });
});
