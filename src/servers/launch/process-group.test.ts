// needs: processes
import { describe, expect, it } from 'vitest';
import { spawnGroup } from './process-group.js';

const timers = (): number =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('spawnGroup terminate', () => {
  it('leaves no timer running once the process has exited, so the harness can end at once', async () => {
    const proc = spawnGroup(process.execPath, ['-e', '0'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '' },
      stdin: 'ignore',
    });
    await proc.exited;
    const before = timers();
    await proc.terminate({ graceMs: 300 });
    // The SIGKILL wait (2 s) raced with the exit: its timer must go with the race. Left running,
    // it kept the CLI alive for up to 2 s after the last server's close.
    expect(timers()).toBe(before);
  });

  it('still ends a process that ignores its stdin closing, by signal, and clears every wait', async () => {
    const proc = spawnGroup(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '' },
      stdin: 'pipe',
    });
    const before = timers();
    await proc.terminate({ graceMs: 50, termMs: 1500 });
    expect(proc.exitInfo()?.signal).toBe('SIGTERM');
    expect(timers()).toBe(before);
  });
});
