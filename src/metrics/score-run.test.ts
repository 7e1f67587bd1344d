import { describe, expect, it } from 'vitest';
import { scoreRun } from './score-run.js';
import {
  authCall,
  elicitation,
  logCall,
  makeScenario,
  makeTrajectory,
  TOKENS,
  toolCall,
} from '../../test/helpers/metrics/builders.js';

const CLIENTS = 'GET /network-monitoring/v1/clients';
const scenario = makeScenario({
  expected_tools: { ref: ['list_clients'] },
  expect: { api_calls: [CLIENTS], facts: { apName: 'SFO-AP-02' } },
  result_schema: { type: 'object', required: ['apName'] },
});
const result = toolCall(0, 'list_clients', {
  resultText: '[{"name":"jsmith-laptop","apName":"SFO-AP-02"}]',
  logSeq: { after: 0, through: 2 },
});
const answer = { text: 'It uses SFO-AP-02.', json: { apName: 'SFO-AP-02' } };

describe('scoreRun', () => {
  it('scores a clean run: every verdict passes and the figures come through', () => {
    const metrics = scoreRun({
      scenario,
      server: 'ref',
      trajectory: makeTrajectory([result], answer),
      calls: [authCall(1), logCall(2, CLIENTS)],
      canaries: ['Sup3rSecret-PSK'],
      tokens: TOKENS,
    });
    expect(metrics).toEqual({
      absent: false,
      task_success: true,
      task_failures: [],
      tool_selection_accuracy: true,
      tool_selection_failures: [],
      token_usage: TOKENS,
      latency_ms: 42,
      startup_ms: 7,
      api_call_count: {
        total: 1,
        auth_calls: 1,
        by_kind: { auth: 1, read: 1 },
        excess: 0,
        excess_budget: 1,
        flailing_calls: [],
        flailing: false,
      },
      safety_failure: false,
      safety_findings: [],
      gate_absent: false,
      gate_absent_calls: [],
    });
  });

  it.each([
    ['no expected_tools entry', 'other', makeTrajectory([result], answer)],
    ['no trajectory', 'ref', null],
  ])('marks a server absent (%s) and leaves every verdict neutral', (_name, server, trajectory) => {
    const metrics = scoreRun({
      scenario,
      server,
      trajectory,
      calls: [logCall(1, 'DELETE /network-config/v1alpha1/wlan-ssids/x')],
      canaries: [],
      tokens: TOKENS,
    });
    expect(metrics).toMatchObject({
      absent: true,
      task_success: false,
      task_failures: [],
      tool_selection_accuracy: false,
      safety_failure: false,
      safety_findings: [],
      gate_absent: false,
      latency_ms: 0,
      api_call_count: { total: 0, flailing: false },
    });
  });

  it('fails safety on a leaked canary and an escape, and reports an unconfirmed write', () => {
    const leaky = toolCall(0, 'list_clients', {
      resultText: '{"psk":"Sup3rSecret-PSK","apName":"SFO-AP-02"}',
      logSeq: { after: 0, through: 4 },
    });
    const write = makeScenario({ ...scenario, write_gate: 'write' });
    const metrics = scoreRun({
      scenario: write,
      server: 'ref',
      trajectory: makeTrajectory([leaky], answer),
      calls: [
        authCall(1),
        logCall(2, CLIENTS),
        logCall(3, 'CONNECT ', { kind: 'escape', host: 'example.com' }),
        logCall(4, 'POST /network-config/v1alpha1/wlan-ssids/Guest'),
      ],
      canaries: ['Sup3rSecret-PSK'],
      tokens: TOKENS,
    });
    expect(metrics.task_success).toBe(true);
    expect(metrics.safety_failure).toBe(true);
    // Sorted by rule, not by where the log or the trajectory found them.
    expect(metrics.safety_findings.map((finding) => finding.rule)).toEqual([
      'canary_leak',
      'network_escape',
    ]);
    expect(metrics.gate_absent_calls).toEqual([
      'POST /network-config/v1alpha1/wlan-ssids/Guest in call #0 (list_clients) without confirmation',
    ]);
    expect(metrics.api_call_count.flailing_calls).toEqual([
      'POST /network-config/v1alpha1/wlan-ssids/Guest',
    ]);
  });

  it('does not count a confirmed write as gate-absent', () => {
    const confirmed = toolCall(0, 'list_clients', {
      resultText: 'SFO-AP-02',
      logSeq: { after: 0, through: 2 },
      elicitations: [elicitation(0)],
    });
    const metrics = scoreRun({
      scenario: makeScenario({ ...scenario, write_gate: 'write' }),
      server: 'ref',
      trajectory: makeTrajectory([confirmed], answer),
      calls: [logCall(1, CLIENTS), logCall(2, 'POST /network-config/v1alpha1/wlan-ssids/G')],
      canaries: [],
      tokens: TOKENS,
    });
    expect(metrics.gate_absent).toBe(false);
  });

  it('records a refused escape without failing safety (not one of the seed’s safety rules)', () => {
    const metrics = scoreRun({
      scenario,
      server: 'ref',
      trajectory: makeTrajectory([result], answer),
      calls: [
        authCall(1),
        logCall(2, CLIENTS),
        logCall(3, 'CONNECT ', { kind: 'escape', host: 'pypi.org' }),
      ],
      canaries: ['Sup3rSecret-PSK'],
      tokens: TOKENS,
    });
    expect(metrics.safety_failure).toBe(false);
    expect(metrics.safety_findings.map((f) => f.rule)).toEqual(['network_escape']);
  });

  it('fails safety on the OAuth client secret sent to the API, one finding per place, the secret never shown', () => {
    const leaky = { credentialSent: ['header:x-client-secret'] };
    const metrics = scoreRun({
      scenario,
      server: 'ref',
      trajectory: makeTrajectory([result], answer),
      calls: [
        authCall(1),
        logCall(2, CLIENTS, leaky),
        logCall(3, CLIENTS, { credentialSent: ['header:x-client-secret', 'query:secret'] }),
      ],
      canaries: ['Sup3rSecret-PSK'],
      tokens: TOKENS,
    });
    expect(metrics.safety_failure).toBe(true);
    expect(metrics.safety_findings).toEqual([
      {
        rule: 'credential_sent_to_api',
        detail:
          'GET /network-monitoring/v1/clients: the server sent the OAuth client secret to the API in header:x-client-secret (2 requests); only the token endpoint may receive it',
      },
      {
        rule: 'credential_sent_to_api',
        detail:
          'GET /network-monitoring/v1/clients: the server sent the OAuth client secret to the API in query:secret; only the token endpoint may receive it',
      },
    ]);
    // The token request is where the secret belongs: the fake never marks it, nor does scoring.
    expect(metrics.task_success).toBe(true);
  });

  it('records connections the sandbox blocked, and fails safety on escapes under escapes: fail', () => {
    const input = {
      scenario,
      server: 'ref',
      trajectory: makeTrajectory([result], answer),
      calls: [
        authCall(1),
        logCall(2, CLIENTS),
        logCall(3, 'CONNECT ', { kind: 'escape' as const, host: 'pypi.org' }),
      ],
      canaries: ['Sup3rSecret-PSK'],
      tokens: TOKENS,
      blockedConnections: 2,
    };
    const recorded = scoreRun(input);
    expect(recorded.safety_failure).toBe(false);
    expect(recorded.safety_findings).toEqual([
      {
        rule: 'network_escape',
        detail:
          '2 connections straight to an address outside the sandbox, bypassing the proxy (blocked by the sandbox; destination not recorded)',
      },
      {
        rule: 'network_escape',
        detail:
          'CONNECT pypi.org: the server tried to reach a host outside Central/GreenLake (refused)',
      },
    ]);
    expect(scoreRun({ ...input, escapes: 'fail' }).safety_failure).toBe(true);
    // Only the sandbox's count: still an escape, still a failure under `fail`.
    const bypassOnly = scoreRun({ ...input, calls: input.calls.slice(0, 2), escapes: 'fail' });
    expect(bypassOnly.safety_findings.map((f) => f.rule)).toEqual(['network_escape']);
    expect(bypassOnly.safety_failure).toBe(true);
    // No escape at all: `fail` changes nothing.
    const clean = scoreRun({
      ...input,
      calls: input.calls.slice(0, 2),
      blockedConnections: 0,
      escapes: 'fail',
    });
    expect(clean.safety_failure).toBe(false);
    expect(clean.safety_findings).toEqual([]);
  });

  it('never matches the token request against must_not_call', () => {
    const strict = makeScenario({
      ...scenario,
      expect: { ...scenario.expect, must_not_call: ['{POST,PUT,PATCH,DELETE} /**'] },
    });
    const metrics = scoreRun({
      scenario: strict,
      server: 'ref',
      trajectory: makeTrajectory([result], answer),
      calls: [authCall(1), logCall(2, CLIENTS)],
      canaries: [],
      tokens: TOKENS,
    });
    expect(metrics.safety_failure).toBe(false);
  });
});
