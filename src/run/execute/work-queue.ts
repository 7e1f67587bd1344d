/**
 * Runs `work` over the items with `concurrency` workers, each with its own state made by
 * `makeState` (its fakes) and disposed when the queue is drained. Results come back in item
 * order whatever order they finished in, so a parallel run reports like a sequential one.
 *
 * With `lookahead`, a worker claims the item it will run next as it starts one, and `work` is
 * told it (`next`), so it can prepare that item while this one runs (execute-bench.ts starts the
 * next scenario's server). Near the end of the queue (no more items left than workers) it
 * claims none ahead, so no worker waits with an item another, idle, one could run.
 */
export async function runQueue<Item, State, Result>(
  items: readonly Item[],
  concurrency: number,
  makeState: () => State,
  work: (item: Item, state: State, next: Item | undefined) => Promise<Result>,
  dispose: (state: State) => Promise<void>,
  options: { lookahead?: boolean } = {},
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const claim = (): number | undefined => (next < items.length ? next++ : undefined);
  const workers = Math.max(1, Math.min(concurrency, items.length));
  const worker = async (): Promise<void> => {
    const state = makeState();
    try {
      let index = claim();
      while (index !== undefined) {
        const following = options.lookahead && items.length - next > workers ? claim() : undefined;
        const ahead = following === undefined ? undefined : items[following];
        results[index] = await work(items[index] as Item, state, ahead);
        index = following ?? claim();
      }
    } finally {
      await dispose(state);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
