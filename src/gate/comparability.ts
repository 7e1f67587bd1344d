import type { Report } from '../report/types.js';
import type { GateRule } from './rule-kit.js';
import type { Affects, SettingDifference, Verdict } from './types.js';

/**
 * One comparability check: the setting's value in a report, as text (null: the report does not
 * record it, e.g. an older report; such a side is not compared). A check may return several
 * named values (one per fixture bundle); a name present on one side only is not a difference.
 */
export interface ComparabilityCheck {
  setting: string;
  affects: Affects;
  values(report: Report): Record<string, string | null> | string | null;
}

const cut = (text: string): string => (text.length > 60 ? `${text.slice(0, 59)}…` : text);
const llmOf = (r: Report) => r.settings.llm ?? null;
/** A model setting as text; null for a scripted report (the `policy` check names that). */
const llmField =
  (field: (l: NonNullable<ReturnType<typeof llmOf>>) => string | number | null) =>
  (r: Report): string | null => {
    const llm = llmOf(r);
    return llm ? String(field(llm) ?? 'none') : null;
  };

/**
 * The settings the gate compares before any metric. Add one here to make the gate refuse (or
 * warn about) a baseline that differs in it; the comment, docs/gate.md's list and the thresholds'
 * `not-comparable` rule pick it up.
 */
export const COMPARABILITY_CHECKS: readonly ComparabilityCheck[] = [
  { setting: 'tokenizer', affects: 'tokens', values: (r) => r.settings.tokenizer },
  {
    setting: 'policy',
    affects: 'model',
    values: (r) => (llmOf(r) ? 'model-driven' : r.settings.policy.name),
  },
  { setting: 'provider', affects: 'model', values: llmField((l) => l.provider) },
  { setting: 'model', affects: 'model', values: llmField((l) => l.model) },
  { setting: 'model base URL', affects: 'model', values: llmField((l) => l.base_url) },
  { setting: 'temperature', affects: 'model', values: llmField((l) => l.temperature) },
  { setting: 'seed', affects: 'model', values: llmField((l) => l.seed) },
  {
    setting: 'max output tokens',
    affects: 'model',
    values: llmField((l) => l.max_output_tokens),
  },
  { setting: 'max turns', affects: 'model', values: llmField((l) => l.max_turns) },
  { setting: 'prompt', affects: 'model', values: llmField((l) => l.prompt_version) },
  {
    setting: 'fixture',
    affects: 'conditions',
    values: (r) =>
      Object.fromEntries(
        r.fixtures.map((f) => [f.id, `${f.version} (${f.content_hash.slice(0, 19)})`]),
      ),
  },
  { setting: 'isolation', affects: 'conditions', values: (r) => r.settings.isolation },
  { setting: 'runs', affects: 'conditions', values: (r) => String(r.settings.runs) },
  {
    setting: 'sandbox',
    affects: 'conditions',
    values: (r) => {
      const s = r.settings.sandbox;
      return s ? (s.applied ? 'applied' : 'not applied') : null;
    },
  },
  {
    // The era a server negotiated (servers[].protocol_version): another revision of MCP is
    // another wire, so its figures are measured under other conditions. Per server; a report
    // from before it was recorded is not compared on it.
    setting: 'MCP protocol version',
    affects: 'conditions',
    values: (r) => Object.fromEntries(r.servers.map((s) => [s.name, s.protocol_version ?? null])),
  },
  {
    // The era (servers[].protocol_era): a server that moved from the 2025 initialize handshake to
    // 2026-07-28's stateless protocol (or back) has no session, other round trips and other
    // start-up work, so its latency, start-up and call figures are not comparable; said on its
    // own, beside the version, so the comment names the cause.
    setting: 'MCP protocol era',
    affects: 'conditions',
    values: (r) => Object.fromEntries(r.servers.map((s) => [s.name, s.protocol_era ?? null])),
  },
  {
    // A fake that refuses what the documents forbid fails runs a lenient one passes.
    setting: 'fake request validation',
    affects: 'conditions',
    values: (r) => r.settings.fake_validation ?? null,
  },
  {
    setting: 'fault plan',
    affects: 'conditions',
    values: (r) => (r.settings.faults ? cut(JSON.stringify(r.settings.faults)) : 'none'),
  },
];

const named = (v: Record<string, string | null> | string | null): Record<string, string | null> =>
  v === null || typeof v === 'string' ? { '': v } : v;

/** Every setting in which `report` differs from `base`, in the order of `checks`. Pure. */
export function settingDifferences(
  report: Report,
  base: Report,
  checks: readonly ComparabilityCheck[] = COMPARABILITY_CHECKS,
): SettingDifference[] {
  const out: SettingDifference[] = [];
  for (const check of checks) {
    const now = named(check.values(report));
    const was = named(check.values(base));
    for (const [name, current] of Object.entries(now)) {
      const baseline = was[name];
      if (current === null || baseline === undefined || baseline === null) continue;
      if (current === baseline) continue;
      const setting = name === '' ? check.setting : `${check.setting} ${name}`;
      out.push({ setting, baseline, current, affects: check.affects });
    }
  }
  return out;
}

/** `tokenizer cl100k_base → o200k_base`. */
export const describeDifference = (d: SettingDifference): string =>
  `${d.setting} ${d.baseline} → ${d.current}`;

/** The prefix of the reasons the not-comparable rule adds (the comment shows them as a table). */
export const NOT_COMPARABLE_REASON = 'not comparable with the baseline: ';

/** True when the verdict is "not comparable": differences under `not-comparable: fail`. */
export function refusedBaseline(verdict: Verdict): boolean {
  const c = verdict.comparability;
  return c?.rule === 'fail' && c.differences.length > 0;
}

/**
 * Whether a default-branch run may save its report as the baseline: nothing failed but the
 * not-comparable rule (settings changed on purpose: the new baseline is what ends it).
 */
export const savableAsBaseline = (verdict: Verdict): boolean =>
  verdict.reasons.every((r) => r.startsWith(NOT_COMPARABLE_REASON));

const SKIPPED: Record<Affects, string> = {
  tokens: 'token figures are not compared',
  model: 'model-dependent figures are not compared',
  conditions: 'figures are compared, measured under other conditions',
};

/** Why a difference makes the figures unlike, for the reason line. */
const WHY: Record<Affects, string> = {
  tokens: 'tokens counted in other units',
  model: 'another policy or model answered',
  conditions: 'the same figures measured under other conditions',
};

/** What the gate did with each kind of difference, in the order of the differences. */
function consequences(differences: readonly SettingDifference[]): string {
  return [...new Set(differences.map((d) => SKIPPED[d.affects]))].join('; ');
}

/** The warning under `not-comparable: warn`: what differs and what was compared anyway. */
export function differencesNote(differences: readonly SettingDifference[]): string {
  return `Settings differ from the baseline (not-comparable: warn): ${differences.map(describeDifference).join('; ')}. ${consequences(differences)}.`;
}

/**
 * `not-comparable`: a baseline made with other settings (COMPARABILITY_CHECKS) is not compared
 * with. Under `not-comparable: fail` (the default) every difference is a reason the check fails
 * and no regression rule runs; under `warn` the differences are a note and the rules compare what
 * the differences leave comparable (no tokens across tokenizers, nothing model-dependent across
 * models). Absolute: it needs a baseline, whatever its settings.
 */
export const notComparableRule: GateRule = {
  name: 'not-comparable',
  absolute: true,
  check: ({ differences, thresholds }) =>
    thresholds.notComparable === 'fail' && differences.length > 0
      ? {
          reasons: differences.map(
            (d) => `${NOT_COMPARABLE_REASON}${describeDifference(d)} (${WHY[d.affects]})`,
          ),
        }
      : {},
};
