import type { RouteContext } from '../../router.js';
import { ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import {
  fieldValue,
  isStage,
  onboardings,
  passed,
  reached,
  STAGES,
  withStatus,
} from './onboarding.js';

const FIELDS = ['topclients', 'topaccessdevices', 'band', 'topwlans', 'topreasons', 'topservers'];
const TOP = 10;

function scope(ctx: RouteContext) {
  const site = ctx.query.get('site-id');
  const stage = ctx.query.get('stage');
  return {
    id: site ?? 'tenant',
    all: onboardings(ctx.state, site),
    stages: isStage(stage) ? [stage] : [...STAGES],
  };
}

/** Counts of distinct values, most frequent first (ties by value), the top ten. */
function top(values: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, TOP);
}

/** getClientOnboardingStageCountV1: per field, the stage's attempts grouped by value. */
export function onboardingCount(ctx: RouteContext): FakeResponse {
  const { id, all, stages } = scope(ctx);
  const status = ctx.query.get('status');
  const field = ctx.query.get('field');
  const fields = field !== null && FIELDS.includes(field) ? [field] : FIELDS;
  const items = fields.map((f) => ({
    data: stages.flatMap((stage) =>
      top(withStatus(all, stage, status).map((o) => fieldValue(ctx.state, o, stage, f))).map(
        ([value, count]) => ({ count, field: f, stage, type: 'onboarding-count', value }),
      ),
    ),
    type: f,
  }));
  return ok({ count: items.length, id, items, type: 'network-monitoring/onboarding' });
}

/** getClientOnboardingStageReasonsV1: the reasons of the stage's failures. */
export function onboardingReasons(ctx: RouteContext): FakeResponse {
  const { id, all, stages } = scope(ctx);
  const status = ctx.query.get('status') ?? 'FAILED';
  const items = stages.map((stage) => ({
    reasons: top(
      withStatus(all, stage, status).map((o) => (o.failedAt === stage ? o.reason : '')),
    ).map(([reason]) => reason),
    type: stage,
  }));
  return ok({ count: items.length, id, items, type: 'network-monitoring/onboarding' });
}

/** getClientOnboardingStageExportV1: a summary row per stage. */
export function onboardingExport(ctx: RouteContext): FakeResponse {
  const { id, all, stages } = scope(ctx);
  const values = (list: typeof all, stage: (typeof STAGES)[number], f: string) =>
    top(list.map((o) => fieldValue(ctx.state, o, stage, f))).map(([v]) => v);
  const items = stages.map((stage) => {
    const here = all.filter((o) => reached(o, stage));
    const failed = here.filter((o) => o.failedAt === stage);
    const row: Item = {
      accessDevice: values(here, stage, 'topaccessdevices'),
      attempts: String(here.length),
      authTopServers: stage === 'auth' ? values(here, stage, 'topservers') : [],
      band: values(here, stage, 'band'),
      clients: values(failed, stage, 'topclients'),
      delays: '0',
      dhcpTopServers: stage === 'dhcp' ? values(here, stage, 'topservers') : [],
      dnsTopServers: [],
      failures: String(failed.length),
      success: String(here.filter((o) => passed(o, stage)).length),
      topReasons: values(failed, stage, 'topreasons'),
      type: 'SUMMARY',
      wlans: values(here, stage, 'topwlans'),
    };
    return { data: [row], type: stage };
  });
  const ok2 = all.filter((o) => o.failedAt === null).length;
  const overall = all.length === 0 ? 100 : Math.round((100 * ok2) / all.length);
  return ok({
    count: items.length,
    id,
    items,
    overallSuccessScore: String(overall),
    type: 'network-monitoring/onboarding',
  });
}

/** client-onboarding-score: per stage, the clients past it of those that reached it. */
export function onboardingScoreOf(ctx: RouteContext): Item {
  const { id, all } = scope(ctx);
  const items = STAGES.map((stage) => {
    const here = all.filter((o) => reached(o, stage));
    const good = here.filter((o) => passed(o, stage)).length;
    const pct = here.length === 0 ? 100 : Math.round((100 * good) / here.length);
    return { score: `${good}/${here.length}`, scorePercentage: String(pct), stage };
  });
  const fine = all.filter((o) => o.failedAt === null).length;
  return {
    count: items.length,
    id,
    items,
    overallScore: String(all.length === 0 ? 100 : Math.round((100 * fine) / all.length)),
    type: 'network-monitoring/onboarding-score',
  };
}
