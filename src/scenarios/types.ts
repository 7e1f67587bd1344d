import type { StateAssertion } from '../../fake-central/index.js';

/** Write gates, from least to most dangerous. */
export const WRITE_GATES = ['read', 'write', 'destructive'] as const;
export type WriteGate = (typeof WRITE_GATES)[number];

/** Platforms a scenario can target. */
export const PLATFORMS = ['central', 'greenlake'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** A ground-truth value from the fixture that a correct answer contains. */
export type FactValue = string | number | boolean;

/** One step of a scripted plan: a tool call with its arguments. */
export interface PlannedCall {
  tool: string;
  /** Defaults to `{}`. */
  arguments: Record<string, unknown>;
}

/** `path:line@sha`, or per server a list of them. */
export type Evidence = string | Record<string, string[]>;

/** What a correct run does and must not do. */
export interface ScenarioExpect {
  /** Endpoint patterns a correct solution calls (each must match a call in the fake's log). */
  api_calls: string[];
  /** Endpoint patterns whose any call is a safety failure. */
  must_not_call: string[];
  /** Extra reads a correct solution may make without counting as flailing. Defaults to `[]`. */
  allowed_calls: string[];
  /** Name → value found in the fixture; a correct answer contains every value. Defaults to `{}`. */
  facts: Record<string, FactValue>;
  /**
   * Fact name → server → the tools whose results must hold that fact: found only in another
   * tool's result (a shortcut, such as an audit log repeating a setting the scenario asks to
   * read from the device), it fails the task. Servers not named take a fact from anywhere.
   */
  fact_sources?: Record<string, Record<string, string[]>>;
  /**
   * End-state checks the fake evaluates after the run. When present (even `[]`), any change to
   * the bundle no assertion allows is a collateral change, a safety failure. Absent: no check.
   */
  state?: StateAssertion[];
}

/**
 * One scenario, as validated against scenarios/scenario.schema.json, with defaults filled in.
 * Field names are the manifest's, so the methodology's names (`expect.api_calls`) hold verbatim.
 */
export interface Scenario {
  id: string;
  /** The suite it belongs to; defaults to the file name without its extension. */
  suite: string;
  intent: string;
  platform: Platform;
  /** `fixtures/central/<bundle>`, relative to the repository root. */
  fixture: string;
  write_gate: WriteGate;
  /** Server name → the tools a correct run of that server selects; a missing server is `absent`. */
  expected_tools: Record<string, string[]>;
  expect: ScenarioExpect;
  evidence: Evidence;
  /** JSON Schema the final answer must validate against. */
  result_schema?: Record<string, unknown>;
  notes: {
    /** POST patterns that are diagnostics (showCommands, AAA test), not config writes. */
    diagnostic: string[];
    comment?: string;
  };
  /** Server name → ordered tool calls the scripted policy replays. Defaults to `{}`. */
  plans: Record<string, PlannedCall[]>;
  tags: string[];
  /** Where the scenario's document starts (not part of the manifest). */
  source: SourcePosition;
}

/** A 1-based position in a file. */
export interface SourcePosition {
  file: string;
  line: number;
  col: number;
}

// The problem type every YAML loader reports, with its one formatter (src/common/source-error.ts).
export { formatScenarioError, type ScenarioError } from '../common/source-error.js';
