/**
 * `npm test`: the process-free project (with its coverage floor) runs while the Python venvs are
 * made (scripts/ensure-python-venv.ts: they mostly wait on the package registry), then the
 * processes project, whose Python clients and servers need them. Made before the tests, as the
 * pretest step did, the venvs held a fresh clone's `npm test` back by their whole install
 * (test/README.md, What keeps npm test within ten minutes).
 *
 * The exit code is the worst of the three: a failing process-free project still lets the
 * processes project run (as `a; s=$?; b && exit $s` did); a venv that could not be made skips
 * the processes project, naming the venv, what pip printed and the fix.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One step: a command and the words that name it in a message. */
export interface Step {
  label: string;
  command: string;
  args: string[];
}

/** `beside` runs with `first`; `then` runs after both, and only if `beside` succeeded. */
export interface TestPlan {
  beside: Step;
  first: Step;
  then: Step;
}

/** A child's exit: its code, or 1 when a signal ended it or it could not start. */
interface Ended {
  code: number;
  output: string;
}

/** The children running now: a SIGINT or SIGTERM to this process is passed on to them. */
const running = new Set<ReturnType<typeof spawn>>();
/** Set by that signal: no further step starts (Ctrl-C during the first must not start the next). */
let interrupted = false;

function start(step: Step, capture: boolean): Promise<Ended> {
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      running.delete(child);
      done({ code: 1, output: `${output}could not start ${step.command}: ${error.message}\n` });
    });
    child.once('close', (code) => {
      running.delete(child);
      done({ code: code ?? 1, output });
    });
  });
}

/**
 * Runs the plan and resolves to the exit code for the whole: 0 only when every step ran and
 * passed. `say` prints the lines this runner adds (a captured step's output, a skipped step).
 */
export async function runTestPlan(
  plan: TestPlan,
  say: (text: string) => void = (text) => process.stderr.write(text),
  stopped: () => boolean = () => interrupted,
): Promise<number> {
  const beside = start(plan.beside, true);
  const first = await start(plan.first, false);
  const made = await beside;
  if (made.code !== 0) {
    say(made.output.endsWith('\n') || made.output === '' ? made.output : `${made.output}\n`);
    say(`${plan.then.label} not run: ${plan.beside.label} failed (exit code ${made.code}).\n`);
    return made.code;
  }
  if (stopped()) {
    say(`${plan.then.label} not run: interrupted.\n`);
    return first.code !== 0 ? first.code : 130;
  }
  const then = await start(plan.then, false);
  return first.code !== 0 ? first.code : then.code;
}

/** `npm test`'s plan, for the checkout at `root`; `extra` (`npm test -- …`) goes to both projects. */
export function npmTestPlan(root: string, extra: string[] = []): TestPlan {
  const require = createRequire(import.meta.url);
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const tsx = join(dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  const node = process.execPath;
  return {
    beside: {
      label: 'the Python venvs (.venv, .venv-mcp2)',
      command: node,
      args: [tsx, join(root, 'scripts', 'ensure-python-venv.ts')],
    },
    first: {
      label: 'the process-free project',
      command: node,
      args: [
        vitest,
        'run',
        '--root',
        root,
        '--project',
        'process-free',
        '--coverage.enabled',
        ...extra,
      ],
    },
    then: {
      label: 'the processes project',
      command: node,
      args: [vitest, 'run', '--root', root, '--project', 'processes', ...extra],
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      interrupted = true;
      for (const child of running) child.kill(signal);
      process.exitCode = 1;
    });
  process.exitCode = await runTestPlan(
    npmTestPlan(resolve(import.meta.dirname, '..'), process.argv.slice(2)),
  );
}
