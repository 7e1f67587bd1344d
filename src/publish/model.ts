import type { Report } from '../report/types.js';
import type { Classification } from './classification.js';
import type { SweepRule } from './sweep-rules.js';

/** A server whose install or start failed before the run: named with its log's last lines. */
export interface CouldNotRun {
  server: string;
  /** Where it failed (`install`, `start`). */
  stage: string;
  log_tail: string;
}

/** What the compared-servers file says of a server (repository and declared version). */
export interface ServerSource {
  repo?: string;
  version?: string;
}

/** Everything a results page and dashboard are rendered from; the renderers only arrange it. */
export interface PublishModel {
  /** The report (several combined into one, see combineReports). */
  report: Report;
  /** The results version (`docs/benchmark-results-<version>.md`). */
  version: string;
  classifications: Classification[];
  /** Why each swept tool that is not ok is not (the classification file's `sweep:` rules). */
  sweepRules?: SweepRule[];
  couldNotRun: CouldNotRun[];
  sources: Record<string, ServerSource>;
  /** What changed since the previous results page (`publish --changes FILE --since V`). */
  changes?: Changes | null;
  /** Each scenario's intent and platform, from its manifest (absent: the page shows ids only). */
  scenarioInfo?: Readonly<Record<string, ScenarioInfo>>;
}

/** What a scenario asks, from its manifest (report.json has only its id and suite). */
export interface ScenarioInfo {
  intent: string;
  platform: string;
}

/** The "what changed" section: plain-text items (rendered escaped on the page and dashboard). */
export interface Changes {
  /** The previous results version, when given. */
  since: string | null;
  items: string[];
}
