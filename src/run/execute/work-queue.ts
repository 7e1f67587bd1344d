/**
 * Runs `work` over the items with `concurrency` workers, each with its own state made by
 * `makeState` (its fakes) and disposed when the queue is drained. Results come back in item
 * order whatever order they finished in, so a parallel run reports like a sequential one.
 */
export async function runQueue<Item, State, Result>(
  items: readonly Item[],
  concurrency: number,
  makeState: () => State,
  work: (item: Item, state: State) => Promise<Result>,
  dispose: (state: State) => Promise<void>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    const state = makeState();
    try {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as Item, state);
      }
    } finally {
      await dispose(state);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
