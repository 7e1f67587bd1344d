/**
 * A server's bundles swept at once (one per slot of the run's concurrency), deciding what they
 * share exactly as if swept one after the other in sweep-order.ts's order. Two things are shared:
 * the probes made once per server (the 500 probe on the first bundle a tool is probed on, the
 * short-pages probe on the first whose plain call paged: probe-errors.ts, probe-pages.ts) and
 * the menu the 500 probe's eligible tools are drawn from (the first bundle's to list one).
 *
 * Each bundle calls its tools in name order and says how far it got; before probing a tool, a
 * later bundle waits until every earlier one has passed that tool's name (or ended), so the
 * tool's probes are already decided there; a 500 probe it would make waits for every earlier
 * bundle to end, since one that timed out anywhere there stops them all (ServerErrorProbes
 * stoppedAt). The plain calls never wait: they share nothing. What a bundle decides is then the
 * same whether the bundles ran at once or in turn, and so is the report.
 */

interface Progress {
  /** Every tool named below this has been swept (the tool being swept now, or null). */
  below: string | null;
  /** The last tool swept, probes included. */
  through: string | null;
  ended: boolean;
  /** The 500 probe's eligible tools from this bundle's menu, once listed. */
  eligible: Set<string> | null;
}

/** One bundle's side: what it tells the others, and what it waits for. */
export interface BundleTurn {
  /** The bundle listed its menu; `eligible` is what the 500 probe may be made on from it. */
  listed(eligible: Set<string>): void;
  /** The bundle starts on `tool` (every tool before it in name order is done). */
  starting(tool: string): void;
  /** The bundle is done with `tool`, its probes included. */
  finished(tool: string): void;
  /** The bundle's sweep ended (done, failed or stopped); called once, always. */
  end(): void;
  /** Resolves once every earlier bundle has passed `tool` (by name) or ended. */
  earlierPassed(tool: string): Promise<void>;
  /** Resolves once every earlier bundle has ended. */
  earlierEnded(): Promise<void>;
  /**
   * The 500 probe's eligible tools: the first bundle's (in order) to have listed a menu. Read
   * after earlierPassed, when every earlier bundle has listed or ended.
   */
  eligible(): Set<string> | null;
}

const passed = (p: Progress, tool: string): boolean =>
  p.ended || (p.through !== null && p.through >= tool) || (p.below !== null && p.below > tool);

/** The turns of `count` bundles of one server, bundle 0 first. */
export function bundleTurns(count: number): BundleTurn[] {
  const progress: Progress[] = Array.from({ length: count }, () => ({
    below: null,
    through: null,
    ended: false,
    eligible: null,
  }));
  let waiters: { ready: () => boolean; resolve: () => void }[] = [];
  const changed = (): void => {
    const still: typeof waiters = [];
    for (const w of waiters) (w.ready() ? w.resolve : () => still.push(w))();
    waiters = still;
  };
  const until = (ready: () => boolean): Promise<void> =>
    ready() ? Promise.resolve() : new Promise((resolve) => waiters.push({ ready, resolve }));
  return progress.map((mine, index) => {
    const earlier = progress.slice(0, index);
    return {
      listed(eligible) {
        mine.eligible = eligible;
        changed();
      },
      starting(tool) {
        mine.below = tool;
        changed();
      },
      finished(tool) {
        mine.through = tool;
        changed();
      },
      end() {
        mine.ended = true;
        changed();
      },
      earlierPassed: (tool) => until(() => earlier.every((p) => passed(p, tool))),
      earlierEnded: () => until(() => earlier.every((p) => p.ended)),
      eligible: () =>
        progress.slice(0, index + 1).find((p) => p.eligible !== null)?.eligible ?? null,
    };
  });
}
