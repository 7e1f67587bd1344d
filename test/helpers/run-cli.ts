import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { cliEntry } from './cli-entry.js';

/** A CLI run in-process with captured output; `stop()` plays the SIGINT a long-running command awaits. */
export interface CliRun {
  done: Promise<number>;
  stdout: () => string;
  stderr: () => string;
  stop: (signal?: string) => void;
  /** Resolves with the first stdout line (long-running commands print their address there). */
  firstLine: () => Promise<string>;
}

export function startCli(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  cwd: string = process.cwd(),
): CliRun {
  let out = '';
  let err = '';
  let stop: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const lineWaiters: ((line: string) => void)[] = [];
  const io: CliIo = {
    stdout: (text) => {
      out += text;
      const nl = out.indexOf('\n');
      if (nl >= 0) lineWaiters.splice(0).forEach((w) => w(out.slice(0, nl)));
    },
    stderr: (text) => (err += text),
    untilSignal: () => stopped,
    cwd,
    env,
  };
  const done = runCli(argv, io);
  return {
    done,
    stdout: () => out,
    stderr: () => err,
    stop: (signal = 'SIGINT') => stop(signal),
    firstLine: () =>
      new Promise((resolve, reject) => {
        const nl = out.indexOf('\n');
        if (nl >= 0) return resolve(out.slice(0, nl));
        lineWaiters.push(resolve);
        done.then(
          (code) => reject(new Error(`CLI exited ${code} before printing a line: ${err}`)),
          reject,
        );
      }),
  };
}

/** Runs a command that finishes on its own and returns its exit code and output. */
export async function runCliCaptured(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = startCli(argv, env);
  const code = await run.done;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/**
 * Runs the CLI as its own process (`node <the run's CLI bundle> …`), as a user would, with only
 * PATH and CI=1 in its environment; resolves with its exit code and output.
 */
export function spawnCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = resolve(import.meta.dirname, '../..');
  const child = spawn(process.execPath, [...cliEntry(), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', CI: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, stdout, stderr })));
}
