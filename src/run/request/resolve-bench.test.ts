import { describe, expect, it } from 'vitest';
import { BenchError } from '../../common/errors.js';
import { packageRoot } from '../../common/package-root.js';
import { manifestHash } from '../assemble/provenance.js';
import { resolveBench, type ResolveRequest } from './resolve-bench.js';

const ROOT = packageRoot();
const request = (over: Partial<ResolveRequest> = {}): ResolveRequest => ({
  config: null,
  servers: [],
  scenarioPaths: [],
  suites: [],
  scenarioIds: [],
  shard: null,
  cwd: ROOT,
  ...over,
});

describe('resolveBench', () => {
  it('resolves the golden suite against the built-in reference server', async () => {
    const resolved = await resolveBench(request());
    expect(resolved.servers).toEqual(['reference']);
    expect(resolved.errors).toEqual([]);
    expect(resolved.paths).toEqual(['scenarios']);
    expect(resolved.scenarios.length).toBeGreaterThan(20);
  });

  it('gives every shard and suite filter the same manifest files, so the same manifest.hash', async () => {
    const all = await resolveBench(request());
    const slices = await Promise.all([
      resolveBench(request({ shard: { index: 1, count: 2 } })),
      resolveBench(request({ shard: { index: 2, count: 2 } })),
      resolveBench(request({ suites: ['nac'] })),
    ]);
    const ids = (r: { scenarios: { id: string }[] }) => r.scenarios.map((s) => s.id);
    expect([...ids(slices[0]), ...ids(slices[1])].sort()).toEqual(ids(all).sort());
    // Each shard knows the whole selection, so the merge can recompute every shard's slice.
    expect(slices[0].selected).toEqual(ids(all));
    expect(slices[1].selected).toEqual(ids(all));
    const hash = (await manifestHash(all.manifestFiles, ROOT, ROOT)).hash;
    for (const slice of slices) {
      expect(slice.manifestFiles).toEqual(all.manifestFiles);
      expect((await manifestHash(slice.manifestFiles, ROOT, ROOT)).hash).toBe(hash);
    }
  });

  it.each([
    [{ servers: ['karthik'] }, '--server "karthik" is not in the built-in config'],
    [{ suites: ['nacc'] }, '--suite "nacc" is not a suite of the loaded scenarios'],
    [
      {
        suites: ['nacc'],
        label: (option: string, value: string) => `input ${option}s "${value}"`,
      },
      'input suites "nacc" is not a suite of the loaded scenarios',
    ],
  ] as const)('names a bad selection the way the front end calls it: %j', async (over, message) => {
    const error = await resolveBench(request(over)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).message).toBe(message);
  });
});
