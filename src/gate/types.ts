import type { SweepComparison } from './compare-sweep.js';
import type { ServerProvenance } from './server-provenance.js';
import type { EnvironmentChange } from './environment-diff.js';

// The shapes of the comment's tool and server sections live here, not beside the code that
// builds them: that code imports this module, and a type imported back would close a cycle.
/** One MCP tool that broke, with every regressed scenario it explains. */
export interface ToolRegression {
  server: string;
  tool: string;
  scenarios: string[];
  /** Endpoint diffs of the first scenario's runs (baseline → PR). */
  endpoints: EndpointDiff[];
  /** `name (value)` of each fact the PR's run misses and the baseline's had. */
  missingFacts: string[];
  /** What the tool answered, as far as the report holds it (an error, a quoted answer, a size). */
  answer: string;
  whatToDo: string;
}

/** One server's headline: its own task success and safety, never pooled with another server's. */
export interface ServerHeadline {
  server: string;
  /** Scenarios passed (majority verdict) over the scenarios the server ran, in this report. */
  passed: number;
  of: number;
  /**
   * The baseline's share of passes over the same scenarios (those both reports ran for this
   * server); null without a comparable baseline or any scenario in common.
   */
  baseline: number | null;
  safetyFailures: number;
  regressions: number;
}

/**
 * What a setting that differs makes incomparable: `tokens` (the tokenizer: token figures count
 * in other units), `model` (the policy or model: every model-dependent figure), `conditions`
 * (fixture, isolation, runs, sandbox, faults: the same figures measured under other conditions).
 */
export type Affects = 'tokens' | 'model' | 'conditions';

/** One setting in which the baseline and the PR's report differ. */
export interface SettingDifference {
  /** `tokenizer`, `model`, `fixture site-a`, `isolation`, … */
  setting: string;
  baseline: string;
  current: string;
  affects: Affects;
}

/** The check's outcome: `cold-start` = no baseline, only the absolute rules were applied (and passed). */
export type VerdictStatus = 'pass' | 'fail' | 'cold-start';

/** A metric that moved beyond its threshold against the baseline. */
export interface Regression {
  /** Which rule's figure moved; rules may add their own names. */
  metric: 'task_success' | 'tokens' | 'api_calls' | 'latency_p95' | (string & {});
  server: string;
  /** `suite:<name>` or `scenario:<id>`. */
  where: string;
  baseline: number;
  current: number;
  /** The value the current figure had to stay within. */
  limit: number;
  /**
   * The half-width of the baseline's noise band for this figure (src/gate/noise-band.ts), when it
   * has one: the limit is never inside it.
   */
  band?: number;
}

/** One figure before and after, for the comment tables. */
export interface Delta {
  baseline: number | null;
  current: number | null;
  /**
   * A noisy figure's noise band: the half-width around the baseline within which an unchanged
   * PR's figure plausibly lands (src/gate/noise-band.ts). A change inside it is shown as none.
   */
  band?: number;
}

/** A suite × server row of the comparison. */
export interface SuiteComparison {
  suite: string;
  server: string;
  taskSuccess: Delta;
  toolSelection: Delta;
  /** The run figures of the comment's suite table, by `key:stat` (FIGURE_COLUMNS.commentSuites). */
  figures: Record<string, Delta>;
  safetyFailures: Delta;
}

/** A scenario × server whose verdicts or medians moved (unchanged ones are counted, not listed). */
export interface ScenarioChange {
  id: string;
  suite: string;
  server: string;
  taskSuccess: Delta;
  /** The medians of the comment's scenario table, by `key:stat` (FIGURE_COLUMNS.commentScenarios). */
  figures: Record<string, Delta>;
  safety: Delta;
  note: string;
}

/** The tools a server lists, before and after. */
export interface ToolSurfaceDiff {
  server: string;
  added: string[];
  removed: string[];
  menuTokens: Delta;
}

/**
 * A server's discoverability before and after a change to its menu text (names, descriptions,
 * parameter names), over the scenarios ranked in both reports.
 */
export interface DiscoverabilityDiff {
  server: string;
  /** Scenarios ranked in both reports (the means below are over these). */
  scenarios: number;
  recallAt1: Delta;
  recallAt3: Delta;
  recallAt5: Delta;
  mrr: Delta;
  /** Scenarios whose expected tools now rank lower (MRR fell) / higher, in report order. */
  rankedLower: string[];
  rankedHigher: string[];
}

/** Everything the gate decided and why. */
export interface Verdict {
  status: VerdictStatus;
  /** One line per reason the check fails (empty on pass). */
  reasons: string[];
  regressions: Regression[];
  /**
   * The regressed scenarios grouped by the MCP tool that explains them, with the missing facts,
   * the tool's answer and what to do (absent in verdicts made before it existed).
   */
  toolRegressions?: ToolRegression[];
  /** For each regressed scenario, its calls against the baseline's, endpoint by endpoint. */
  callDiffs?: ScenarioCallDiff[];
  /** Per server, the code that ran and the baseline's code of the same server (absent in older verdicts). */
  provenance?: ServerProvenance[];
  /** Informational lines: comparability warnings, cold start, added/removed scenarios. */
  notes: string[];
  /** `ageDays`: how old the baseline was when the gate ran (null when the caller gave no clock). */
  baseline: { sha: string; savedAt: string; sameManifest: boolean; ageDays: number | null } | null;
  /**
   * The settings the baseline differs in and the `not-comparable` rule applied (null on a cold
   * start). With differences under `fail`, the verdict is "not comparable".
   */
  comparability?: { rule: 'fail' | 'warn'; differences: SettingDifference[] } | null;
  suites: SuiteComparison[];
  changedScenarios: ScenarioChange[];
  unchangedScenarios: number;
  toolSurface: ToolSurfaceDiff[];
  /** Servers whose menu text changed since the baseline (informational, not gated). */
  discoverability: DiscoverabilityDiff[];
  /** Resilience score per server against the baseline's (shown, not gated); absent or empty without `--resilience`. */
  resilience?: ResilienceComparison[];
  /** Each server's tool sweep against the baseline's (absent in verdicts made before the sweep). */
  sweep?: SweepComparison[];
  /** Over every non-absent scenario of every server (the action's `task-success` output). */
  taskSuccess: number | null;
  /** Each server's headline, never pooled (absent in verdicts made before it existed). */
  servers?: ServerHeadline[];
  /**
   * How the PR's run differed from the baseline's besides the code (machine, runner image, OS,
   * Node, Python, load, harness); absent in verdicts made before it existed.
   */
  environment?: EnvironmentChange[];
  safetyFailures: number;
}

/** How one endpoint's calls changed between the baseline's run and the PR's. */
export interface EndpointDiff {
  /** `GET /network-monitoring/v1/clients`, ids in the path as `{id}`. */
  endpoint: string;
  before: number;
  after: number;
  /** Query parameters whose values differ (values in order of first use, joined). */
  params: { name: string; before: string; after: string }[];
}

/** The call diff of one regressed scenario × server. */
export interface ScenarioCallDiff {
  scenario: string;
  server: string;
  endpoints: EndpointDiff[];
}

/** A server's resilience score against the baseline's (docs/resilience.md). Shown, never gated. */
export interface ResilienceComparison {
  server: string;
  score: Delta;
  /** Cells of this report: resilient of exercised. */
  resilient: number;
  exercised: number;
  /** `scenario × fault` cells resilient in the baseline and not now (same matrix only). */
  lost: string[];
  /** The baseline ran another matrix (other faults or plans): the scores are not like for like. */
  matrixChanged: boolean;
}
