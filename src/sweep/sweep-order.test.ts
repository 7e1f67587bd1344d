import { describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import type { ServerConfig } from '../config/types.js';
import { sweepRequest } from '../../test/helpers/sweep/sweep-request.js';
import { smallestFirst } from './sweep-order.js';
import { sweepServers } from './sweep-servers.js';

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

describe('sweepServers', () => {
  it('reaches the smallest bundle first, whatever the order the run gives', async () => {
    // A deadline already passed: no server starts, and the failure names the first bundle the
    // loop reached (the once-per-server probes are made on that one).
    const deadline = { expired: () => true, passed: Promise.resolve() };
    for (const fixtures of [
      ['fixtures/central/campus-b', 'fixtures/central/site-a'],
      ['fixtures/central/site-a', 'fixtures/central/campus-b'],
    ]) {
      const server = { name: 'any', config: {} as ServerConfig, fixtures };
      const sweeps = await sweepServers(sweepRequest([server], { deadline }));
      expect(sweeps.get('any')?.failure).toBe(
        "fixtures/central/site-a: the run's deadline passed before the sweep reached it",
      );
    }
  });
});
