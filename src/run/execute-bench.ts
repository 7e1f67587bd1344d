import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Secret } from '../metrics/leak-scan.js';
import { bundleIds } from './bundle-ids.js';
import { executeRuns, type RunOutcome, type RunUnit } from './execute-runs.js';
import { FakePool } from './fake-pool.js';
import type { BenchPlan, ModelPlan } from './plan-bench.js';
import type { Logger } from './ports.js';
import { createProgress } from './progress.js';
import { SessionPool } from './session-pool.js';
import { runQueue } from './work-queue.js';

/**
 * Runs the plan's units on `settings.concurrency` workers, each with its own fakes and server
 * sessions, and returns every unit's outcomes by unit index (whatever order they finished in).
 * A spent budget starts nothing more: the units after it get no outcomes.
 */
export async function executeBench(
  plan: BenchPlan,
  model: ModelPlan,
  context: { root: string; secrets: Secret[]; logger: Logger },
): Promise<RunOutcome[][]> {
  const { settings, units, groups, baseDir } = plan;
  const { models, price } = model;
  const progress = createProgress(context.logger, units, settings.runs);
  const tmpRoot = await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-'));
  const outcomes: RunOutcome[][] = [];
  try {
    const done = await runQueue(
      groups,
      settings.concurrency,
      () => ({
        fakes: new FakePool(context.root, settings.faults),
        sessions: new SessionPool(settings.isolation),
      }),
      async (group, { fakes, sessions }) => {
        const results: RunOutcome[][] = [];
        for (const index of group) {
          const unit = units[index] as RunUnit;
          if (models?.budget.exceeded()) {
            results.push([]);
            continue;
          }
          const fake = await fakes.get(unit.scenario.fixture);
          const ran = await executeRuns(unit, {
            fake,
            knownIds: bundleIds(resolve(context.root, unit.scenario.fixture)),
            tokenizer: settings.tokenizer,
            sessions,
            baseDir,
            tmpRoot,
            sandbox: settings.sandbox,
            escapes: settings.escapes,
            secrets: context.secrets,
            models,
            price,
          });
          progress.record(unit, ran);
          results.push(ran);
        }
        // A group's session ends with it: the next group has another key.
        await sessions.release();
        return results;
      },
      async ({ fakes, sessions }) => {
        // Sessions first: a server is closed while its fake still answers.
        await sessions.release();
        await fakes.close();
      },
    );
    groups.forEach((group, g) =>
      group.forEach((unitIndex, i) => (outcomes[unitIndex] = done[g]?.[i] ?? [])),
    );
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
  return outcomes;
}
