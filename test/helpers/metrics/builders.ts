import type { CallKind, CallRecord } from '../../../fake-central/index.js';
import type {
  ElicitationEvent,
  FinalAnswer,
  ToolCallOutcome,
  ToolCallRecord,
  ToolDefinition,
  Trajectory,
} from '../../../src/trajectory/types.js';
import type { Scenario, ScenarioExpect } from '../../../src/scenarios/types.js';
import type { TokenUsage } from '../../../src/metrics/types.js';

/** Hand-built inputs for the agent, token and metric tests (not used outside tests). */

type ScenarioOverrides = Partial<Omit<Scenario, 'expect' | 'notes'>> & {
  expect?: Partial<ScenarioExpect>;
  notes?: Partial<Scenario['notes']>;
};

/** A read scenario for server `ref` with one expected tool and call; override what a test needs. */
export function makeScenario(overrides: ScenarioOverrides = {}): Scenario {
  const { expect, notes, ...rest } = overrides;
  return {
    id: 'test-001',
    suite: 'test',
    intent: 'Which access point is jsmith-laptop using?',
    platform: 'central',
    fixture: 'fixtures/central/site-a',
    write_gate: 'read',
    expected_tools: { ref: ['list_clients'] },
    evidence: 'x.ts:1@abc1234',
    plans: {},
    tags: [],
    source: { file: 'test.yaml', line: 1, col: 1 },
    ...rest,
    expect: {
      api_calls: ['GET /network-monitoring/v1/clients'],
      must_not_call: [],
      allowed_calls: [],
      facts: {},
      ...expect,
    },
    notes: { diagnostic: [], ...notes },
  };
}

/** A call-log record: `call(3, 'GET /path')`, kind from the method unless given. */
export function logCall(
  seq: number,
  endpoint: string,
  extra: Partial<CallRecord> & { kind?: CallKind } = {},
): CallRecord {
  const [method = 'GET', path = '/'] = endpoint.split(' ');
  return {
    seq,
    method,
    host: 'us5.api.central.arubanetworks.com',
    path,
    query: {},
    status: 200,
    kind: method === 'GET' ? 'read' : 'write',
    bodyDigest: null,
    durationMs: 1,
    ...extra,
  };
}

/** The token request every run starts with. */
export const authCall = (seq: number): CallRecord =>
  logCall(seq, 'POST /as/token.oauth2', { kind: 'auth', host: 'sso.common.cloud.hpe.com' });

/** A tool definition with an empty object schema. */
export function tool(name: string, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return { name, description: `${name} tool`, inputSchema: { type: 'object' }, ...extra };
}

/** An executed call: a text result by default. */
export function toolCall(
  index: number,
  name: string,
  extra: Partial<Omit<ToolCallRecord, 'outcome'>> & { outcome?: Partial<ToolCallOutcome> } = {},
): ToolCallRecord {
  const { outcome, ...rest } = extra;
  const resultText = rest.resultText ?? `${name} result`;
  return {
    index,
    turn: index,
    name,
    arguments: {},
    resultText,
    elicitations: [],
    startedAtMs: index * 10,
    durationMs: 5,
    ...rest,
    outcome: { content: [{ type: 'text', text: resultText }], isError: false, ...outcome },
  };
}

/** An accepted (or declined…) confirmation during call `index`. */
export const elicitation = (
  index: number,
  action: ElicitationEvent['action'] = 'accept',
): ElicitationEvent => ({ callIndex: index, message: `Confirm call ${index}?`, action });

/**
 * A trajectory with one turn per call and a final turn when `answer` is given (stopReason
 * `final`); otherwise `turn_limit` unless `stopReason` says otherwise.
 */
export function makeTrajectory(
  calls: ToolCallRecord[],
  answer: FinalAnswer | null,
  extra: Partial<Trajectory> = {},
): Trajectory {
  const turns = calls.map((call) => ({ index: call.index, callIndexes: [call.index], text: '' }));
  if (answer) turns.push({ index: calls.length, callIndexes: [], text: answer.text });
  return {
    scenarioId: 'test-001',
    server: 'ref',
    run: 1,
    tools: [tool('list_clients')],
    turns,
    calls,
    answer,
    stopReason: answer ? 'final' : 'turn_limit',
    latencyMs: 42,
    startupMs: 7,
    ...extra,
  };
}

/** Token usage placeholder for scoring tests. */
export const TOKENS: TokenUsage = {
  input: 100,
  output: 10,
  total: 110,
  menu: 50,
  provenance: 'computed',
  tokenizer: 'cl100k_base',
};
