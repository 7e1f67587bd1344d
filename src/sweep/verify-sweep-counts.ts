import { rowMismatches, type FigureMismatch } from '../report/figure-diff.js';
import type { Report } from '../report/types.js';
import { countOutcomes } from './sweep-servers.js';

/**
 * `verify`'s check of each server's tool sweep: `counts` (outcome → entries) recounted from the
 * sweep's own entries (`tools`), with the counter the sweep wrote them with.
 */
export function sweepCountMismatches(report: Report): FigureMismatch[] {
  return report.servers.flatMap((server) =>
    server.sweep
      ? rowMismatches(
          { scope: 'sweep', server: server.name },
          { counts: server.sweep.counts },
          { counts: countOutcomes(server.sweep.tools) },
        )
      : [],
  );
}
