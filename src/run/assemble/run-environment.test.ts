// needs: processes
import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runEnvironment } from './run-environment.js';

describe('the run environment', () => {
  it('records the machine, OS, Node, Python and the load when the bench starts', async () => {
    const env = await runEnvironment({ ...process.env, ImageOS: 'ubuntu24', ImageVersion: '1.2' });
    expect(env.cpus).toBe(cpus().length);
    expect(env.machine).toContain(`×${cpus().length}`);
    expect(env.node).toBe(process.version);
    expect(env.python).toMatch(/^3\.\d+/);
    expect(env.runner_image).toBe('ubuntu24 1.2');
    expect(env.load_average).toHaveLength(3);
    expect(env.load_average.every((n) => n >= 0)).toBe(true);
  });

  it('records no Python and no runner image when there are none', async () => {
    const env = await runEnvironment({ PATH: '/nonexistent' });
    expect(env.python).toBeNull();
    expect(env.runner_image).toBeNull();
  });
});
