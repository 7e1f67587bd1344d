/**
 * How many files of the processes project run at once: one more than the cores. Those files
 * spend much of their time waiting on the processes they start (servers, fakes, Python, npm),
 * so on two cores two workers left the CPU a third idle (user+sys 472 s in a 433 s run, Dec 5,
 * load ≤ 3); three ran the project in 359 s (the CPU 460 s), four in 402 s (499 s, load up to
 * 7.9): test/README.md, What keeps npm test within ten minutes.
 *
 * `HPE_MCP_BENCH_TEST_WORKERS` sets it (a slower or busier machine may want fewer); anything but
 * a whole number from 1 to 64 there is an error naming the variable, not a silent default.
 */
export const TEST_WORKERS_ENV = 'HPE_MCP_BENCH_TEST_WORKERS';

export function processWorkers(env: NodeJS.ProcessEnv, cores: number): number {
  const set = env[TEST_WORKERS_ENV];
  if (set === undefined || set === '') return cores + 1;
  const workers = Number(set);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(
      `${TEST_WORKERS_ENV}="${set}" is not a whole number from 1 to 64 (how many test files that start processes run at once); unset it for the default, ${cores + 1}`,
    );
  return workers;
}
