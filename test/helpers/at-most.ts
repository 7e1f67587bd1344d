/**
 * A gate that runs the tasks handed to it at most `n` at a time, in the order they were handed
 * in: for a test file whose end-to-end runs are independent and mostly wait on child processes
 * (a server, a fake), started together up front and awaited by the test that reads each.
 */
export function atMost(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`atMost: n must be a whole number ≥ 1, got ${n}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task (running stays the same), or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
