import { execFile } from 'node:child_process';
import { arch, cpus, loadavg, platform, release, totalmem } from 'node:os';
import type { RunEnvironment } from '../../report/types.js';

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** `3.12.3` from `python3 --version`, or null (no python3, or it did not answer in 5 s). */
function pythonVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('python3', ['--version'], { timeout: 5000, env }, (error, stdout, stderr) => {
      const found = /Python (\S+)/.exec(`${stdout}${stderr}`)?.[1];
      resolve(error || !found ? null : found);
    });
  });
}

/**
 * Where the bench runs, read once at its start (one `python3 --version`, ~20 ms; the rest from
 * node:os): what a latency comparison between two reports depends on besides the code.
 */
export async function runEnvironment(
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunEnvironment> {
  const cores = cpus();
  const gib = Math.round(totalmem() / 2 ** 30);
  const image = env.ImageOS && env.ImageVersion ? `${env.ImageOS} ${env.ImageVersion}` : null;
  return {
    machine: `${cores[0]?.model.trim() ?? 'unknown CPU'} ×${cores.length}, ${gib} GiB`,
    cpus: cores.length,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    python: await pythonVersion(env),
    runner_image: image,
    load_average: loadavg().map(round2),
  };
}
