import { BenchError } from '../common/errors.js';
import { shardSlice } from '../common/shard-slice.js';
import type { Report } from '../report/types.js';

const HINT =
  'merge the report.json of each `shard: i/n` job as that job wrote it; every shard job must run the same inputs apart from `shard`';

const LIST_AT_MOST = 10;
const listed = (ids: readonly string[]): string =>
  ids.length <= LIST_AT_MOST
    ? ids.join(', ')
    : `${ids.slice(0, LIST_AT_MOST).join(', ')} and ${ids.length - LIST_AT_MOST} more`;

/** The scenario ids a shard's report holds, each as often as it appears. */
const idsOf = (r: Report): string[] => r.scenarios.map((s) => s.id);

/**
 * Every shard holds exactly its own slice of the run's selection, and the slices together hold
 * every selected id once. The selection is what each shard recorded (`settings.shard.selected`,
 * identical across shards); the slice of shard i/n is recomputed from it (shardSlice, as the run
 * dealt it), so a report relabelled to another index, a scenario dropped from or added to a
 * shard, or the same id twice is refused naming the file and the ids. Reports from before
 * `selected` existed are checked against the union of the shards' ids instead (a relabelled or
 * duplicated shard is still caught; a scenario missing from every shard is not). A shard that
 * stopped early (`partial`) may lack ids of its slice, never hold others.
 */
export function checkShardSlices(files: readonly string[], reports: readonly Report[]): void {
  const recorded = reports.map((r) => r.settings.shard?.selected);
  const first = recorded[0];
  for (const [i, selected] of recorded.entries()) {
    const same =
      selected === undefined
        ? first === undefined
        : first !== undefined && [...selected].sort().join('\n') === [...first].sort().join('\n');
    if (!same)
      throw new BenchError(
        'usage',
        `${files[i] ?? ''} was run with another scenario selection than ${files[0] ?? ''}`,
        { hint: HINT },
      );
  }
  const selection = first ?? [...new Set(reports.flatMap(idsOf))];
  if (new Set(selection).size !== selection.length)
    throw new BenchError('usage', `${files[0] ?? ''} records a selection with an id twice`, {
      hint: HINT,
    });
  for (const [i, r] of reports.entries()) {
    const shard = r.settings.shard;
    if (!shard) continue;
    const expected = new Set(shardSlice(selection, shard.index, shard.count));
    const held = idsOf(r);
    const foreign = held.filter((id) => !expected.has(id));
    const lacking = r.partial ? [] : [...expected].filter((id) => !held.includes(id));
    const wrong = [
      ...(foreign.length > 0 ? [`it holds ${listed(foreign)}, not in that slice`] : []),
      ...(lacking.length > 0 ? [`it lacks ${listed(lacking)}`] : []),
    ];
    if (wrong.length > 0)
      throw new BenchError(
        'usage',
        `${files[i] ?? ''} says it is shard ${shard.index}/${shard.count}, but its scenarios are not that shard's: ${wrong.join('; ')}`,
        { hint: HINT },
      );
  }
  const seenIn = new Map<string, string>();
  for (const [i, r] of reports.entries()) {
    const file = files[i] ?? '';
    for (const id of idsOf(r)) {
      const other = seenIn.get(id);
      if (other !== undefined)
        throw new BenchError(
          'usage',
          other === file
            ? `scenario ${id} is twice in ${file}`
            : `scenario ${id} is in two shard reports: ${other} and ${file}`,
          { hint: HINT },
        );
      seenIn.set(id, file);
    }
  }
}
