/**
 * The tool sweep in report.json (`servers[].sweep`): every tool of a server's menu called once
 * per fixture bundle with arguments inferred from its input schema, judged against what the fake
 * served for that call (src/sweep; docs/report-format.md, "Tool sweep").
 */

/** `--sweep` (action input `sweep`): `read` calls read tools only, `all` write tools too. */
export const SWEEP_MODES = ['off', 'read', 'all'] as const;
export type SweepMode = (typeof SWEEP_MODES)[number];

/**
 * What one call of a tool came to, judged server-side from the fake's call log for that call:
 * - `ok`: identifying values (serials, names, MACs, ids) of the bodies the fake answered appear
 *   in the result;
 * - `empty`: the fake served such values, the result shows none;
 * - `no-data`: the fake served none (no call, or bodies without identifying values);
 * - `error`: `isError`, a protocol error, or error text in a plain result;
 * - `route-miss`: a call the fake has no route for; `rejected`: a call the fake refused as the
 *   API would; `timeout`: cut at the server's call timeout;
 * - `unsafe`: a read tool that wrote, an answer (probes' too) carried a secret, or a call sent
 *   the OAuth client secret to the API
 *   (src/sweep/answer-leaks.ts);
 * - `wrong-value`: a write (`--sweep all`) that changed the fake's state, but a value it was sent
 *   is not what the changed item now holds (src/sweep/write-values.ts);
 * - `unstable`: two calls with the same arguments differed (outcome or digest): never gated;
 * - `not-called`: required arguments could not be filled (`missing`), or the tool may write and
 *   the mode is `read`, or the config skips it (`reason`).
 */
export const SWEEP_OUTCOMES = [
  'ok',
  'empty',
  'no-data',
  'error',
  'route-miss',
  'rejected',
  'timeout',
  'unsafe',
  'wrong-value',
  'unstable',
  'not-called',
] as const;
export type SweepOutcome = (typeof SWEEP_OUTCOMES)[number];

/** One API call a tool made: method, path as an endpoint template, query keys, status. */
export interface SweepCall {
  method: string;
  /** `/network-monitoring/v1/aps/{id}` (src/report/endpoint-template.ts). */
  path: string;
  query: string[];
  status: number;
  /** The fake has no route for it. */
  unrouted?: true;
  /** The fake refused it: the broken rule and where (`enum at query:status`). */
  refused?: string;
}

/**
 * A read tool that was `ok` called again with its first API call answered 403, or its first two
 * (the call and one retry) answered 500: the answer said it failed (`reported`), showed the data
 * after a retry (`recovered`), neither (`swallowed`: an empty list, "not found" or "no data" in
 * place of the failure), or did not come within the call timeout (`timeout`: a back-off too
 * long). The 500 probe is made once per tool per server, and no more after one timed out.
 */
export interface SweepErrorProbe {
  status: 500 | 403;
  result: 'reported' | 'recovered' | 'swallowed' | 'timeout';
  /** The start of a swallowing answer. */
  answer?: string;
}

/**
 * An `ok` read tool called again with one optional filter argument added (a site, a serial, a
 * status, a type, a search): the answer showed fewer of the values the plain call showed
 * (`narrowed`), every one of them (`ignored`: the filter changed nothing), or the call failed
 * (`failed`: an error, a refusal, a route miss or a timeout).
 */
export interface SweepFilterProbe {
  argument: string;
  /** The value passed (from the bundle, the schema's enum, or the plain answer for a search). */
  value: unknown;
  result: 'narrowed' | 'ignored' | 'failed';
  /** `ignored`: how many values the plain answer showed (all shown again); `narrowed`: how many are gone. */
  values?: number;
  /** `failed`: the first line of the error. */
  error?: string;
}

/**
 * An `ok` read tool whose plain call read a paged collection, called again with the fake serving
 * every paged collection in SHORT_PAGES pages (src/sweep/probe-pages.ts): the answer still showed
 * every value the plain answer showed (`whole`), lost some (`truncated`: values only on later
 * pages, a loop over pages cut short), or the call failed (`failed`).
 */
export interface SweepPageProbe {
  /** How many pages the fake split each collection into. */
  pages: number;
  result: 'whole' | 'truncated' | 'failed';
  /** `whole`: how many values the plain answer showed (all shown again); `truncated`: how many are gone. */
  values?: number;
  /** `truncated`: the first few values gone. */
  missing?: string[];
  /** `failed`: the outcome and the first line of the error. */
  error?: string;
}

/** One tool on one fixture bundle. */
export interface SweepToolResult {
  tool: string;
  /** The bundle id (`site-a`). */
  fixture: string;
  outcome: SweepOutcome;
  /** The arguments it was called with (null when not called). */
  arguments: Record<string, unknown> | null;
  /** Why it was not called: the required arguments no value was found for. */
  missing?: string[];
  /** Why it was not called otherwise: it may write (mode `read`), or the config skips it. */
  reason?: string;
  calls: SweepCall[];
  /** sha256 of the result (content and structuredContent, server-chosen ids canonicalised). */
  digest: string | null;
  /** How many identifying values the fake served for the call. */
  served: number;
  /** The served values the result shows, sorted (at most SHOWN_CAP): what `data lost` compares. */
  shown: string[];
  /**
   * The state values the fake served for the call (strings under keys ending in `status` or
   * `state`: `ONLINE`, `Active`, `Up To Date`) that the result shows, sorted; absent when the
   * fake served none. What `data lost` compares besides `shown` (src/sweep/served-states.ts).
   */
  states?: string[];
  /** The first line of the error (outcome `error`, `timeout`), the value not written (`wrong-value`) or the second call's difference (`unstable`). */
  error?: string;
  /** An `ok` read tool probed with API errors (absent: not probed). */
  probes?: SweepErrorProbe[];
  /** An `ok` read tool probed with each optional filter the sweep could fill (absent: none). */
  filters?: SweepFilterProbe[];
  /** An `ok` read tool whose plain call read a paged collection, probed with short pages (absent: not probed). */
  pages?: SweepPageProbe;
  /**
   * A write tool (`--sweep all`, its own freshly reset fake): what it changed in the fake's
   * state, one line per item (`wlan-ssids essid.name=Corp: modified (opmode)`), sorted, at most
   * 20 then `… and N more`; empty when it changed nothing (src/sweep/judge-write.ts).
   */
  changed?: string[];
}

/** The sweep of one server. */
export interface ServerSweep {
  mode: Exclude<SweepMode, 'off'>;
  /** Bundles swept, in order. */
  fixtures: string[];
  /** Tools on the menu the sweep listed, sorted. */
  menu: string[];
  /** Set when the menu the sweep listed differs from the scenario runs' menu. */
  menu_changed: { added: string[]; removed: string[] } | null;
  /** Set when the server did not start for the sweep (then `tools` is empty). */
  failure: string | null;
  /** One entry per tool × fixture, by tool then fixture. */
  tools: SweepToolResult[];
  /** Outcome → how many tool × fixture entries had it. */
  counts: Partial<Record<SweepOutcome, number>>;
}

/** Most served-and-shown values one entry keeps (a long listing shows hundreds). */
export const SHOWN_CAP = 200;
