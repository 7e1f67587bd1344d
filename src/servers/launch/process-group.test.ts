// needs: processes
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * A Node process (as the CLI is) that starts a server with `server` (node -e code; `0` exits at
 * once and is waited for before the close, whatever the load), closes it with `terminate` and
 * then has nothing left to do: it prints how long it took to end after that, in
 * ms, and its server's exit. Nothing else runs in it, so the time is what terminate() left behind.
 */
async function endAfterTerminate(
  server: string,
  stdin: string,
  terminate: string,
): Promise<{
  lingerMs: number;
  exit: { code: number | null; signal: string | null };
}> {
  const script = `
    import { spawnGroup } from './src/servers/launch/process-group.ts';
    const proc = spawnGroup(process.execPath, ['-e', ${JSON.stringify(server)}], {
      cwd: process.cwd(), env: { PATH: process.env.PATH ?? '' }, stdin: '${stdin}',
    });
    // A server of '0' exits at once: waited for first, so the grace never races its start.
    if (${JSON.stringify(server)} === '0') await proc.exited;
    await proc.terminate(${terminate});
    const { code, signal } = proc.exitInfo() ?? {};
    const closed = performance.now();
    process.on('exit', () => {
      process.stdout.write(JSON.stringify({ lingerMs: performance.now() - closed, exit: { code, signal } }));
    });
  `;
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    script,
  ]);
  return JSON.parse(stdout) as Awaited<ReturnType<typeof endAfterTerminate>>;
}

describe('spawnGroup terminate', () => {
  // Its waits raced the exit against sleeps of 300 ms (grace), termMs and 2 s (after SIGKILL);
  // left running, the losing sleeps kept the CLI alive up to 2 s after the last server's close.
  it('leaves no wait running once the server has exited on its own, so the harness ends at once', async () => {
    const ended = await endAfterTerminate('0', 'ignore', '{ graceMs: 300 }');
    expect(ended.exit).toEqual({ code: 0, signal: null });
    expect(ended.lingerMs).toBeLessThan(1000);
  });

  it('ends a server that ignores its stdin closing by SIGTERM, and leaves no wait running either', async () => {
    const ended = await endAfterTerminate(
      'setInterval(() => {}, 1000)',
      'pipe',
      '{ graceMs: 50, termMs: 1500 }',
    );
    expect(ended.exit).toEqual({ code: null, signal: 'SIGTERM' });
    expect(ended.lingerMs).toBeLessThan(1000);
  });
});
