import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';
import { loadFaultPlan, parseFaultPlan } from './load-fault-plan.js';

const dir = mkdtempSync(join(tmpdir(), 'fault-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failure(text: string, file = 'plan.yaml'): BenchError {
  try {
    parseFaultPlan(text, file);
  } catch (error) {
    if (error instanceof BenchError) return error;
    throw error;
  }
  throw new Error('expected the plan to be rejected');
}

describe('parseFaultPlan', () => {
  it('accepts YAML and JSON plans with every fault kind', () => {
    const yaml = `
description: all kinds
faults:
  - { kind: rate_limit, every: 3, retryAfter: 2, match: ["GET /network-monitoring/v1/clients"] }
  - { kind: server_error, first: 1, status: 502 }
  - { kind: latency, ms: 20 }
  - { kind: token_expiry, afterCalls: 5, repeat: true }
  - { kind: task_running, polls: 3, families: [troubleshooting] }
  - { kind: task_failed, reason: unreachable, match: ["* /network-troubleshooting/**"] }
`;
    const plan = parseFaultPlan(yaml, 'plan.yaml');
    expect(plan.faults.map((f) => f.kind)).toEqual([
      'rate_limit',
      'server_error',
      'latency',
      'token_expiry',
      'task_running',
      'task_failed',
    ]);
    expect(parseFaultPlan(JSON.stringify(plan), 'plan.json')).toEqual(plan);
  });

  it.each([
    [
      'an unknown kind',
      'faults:\n  - kind: rate_limits\n',
      'plan.yaml:2:11: /faults/0/kind: unknown kind "rate_limits"; known: rate_limit, server_error',
      'did you mean "rate_limit"? set kind: to one of rate_limit, server_error',
    ],
    [
      'a missing required field',
      'faults:\n  - kind: latency\n',
      'plan.yaml:2:5: /faults/0/ms: missing required field "ms"',
      'milliseconds as a whole number',
    ],
    [
      'an unknown field',
      'faults:\n  - kind: token_expiry\n    afterCalls: 2\n    every: 3\n',
      'plan.yaml:4:5: /faults/0/every: unknown field "every"',
      'allowed fields: kind, afterCalls, repeat',
    ],
    [
      'every and first together',
      'faults:\n  - kind: rate_limit\n    every: 2\n    first: 1\n',
      'plan.yaml:2:5: /faults/0: sets both "every" and "first"',
      'use either every or first',
    ],
    [
      'a bad endpoint pattern',
      'faults:\n  - kind: rate_limit\n    match: ["clients"]\n',
      'plan.yaml:3:13: /faults/0/match/0: bad endpoint pattern "clients": expected "METHOD /path"',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    [
      'a lower-case method',
      'faults:\n  - kind: latency\n    ms: 5\n    match:\n      - GET /a\n      - get /network-config/**\n',
      'plan.yaml:6:9: /faults/0/match/1: bad endpoint pattern "get /network-config/**": method "get" must be upper case',
      'write GET',
    ],
    [
      'a path parameter written {id}',
      'faults:\n  - kind: server_error\n    match: ["{POST,PUT} /network-config/v1alpha1/wlan-ssids/{id}"]\n',
      'plan.yaml:3:13: /faults/0/match/0: bad endpoint pattern "{POST,PUT} /network-config/v1alpha1/wlan-ssids/{id}": "{…}" needs at least two alternatives in "{id}"',
      'use * for a path parameter',
    ],
    [
      'a value out of range',
      'faults:\n  - kind: server_error\n    status: 501\n',
      'plan.yaml:3:13: /faults/0/status: must be one of 500, 502, 503, 504; got number 501',
      'did you mean "500"?',
    ],
    [
      'a missing faults list',
      'description: nothing\n',
      'plan.yaml:1:1: /faults: missing required field "faults"',
      'a list with one entry per fault',
    ],
    ['an empty file', '', 'plan.yaml:1:1: the file is empty', 'a fault plan is a mapping'],
  ])('names file:line:col, the pointer and the fix for %s', (_name, text, where, fix) => {
    const error = failure(text);
    expect(error.code).toBe('fault_plan_invalid');
    expect(error.message).toContain(where);
    // One wording for every loader (src/common): file:line:col: pointer: message (fix).
    expect(error.message).toContain(where);
    expect(error.message).toContain(`(${fix}`);
    expect(error.hint).toContain('fake-central/faults/fault-plan.schema.json');
  });

  it('accepts the full scenario pattern syntax in match', () => {
    const plan = parseFaultPlan(
      'faults:\n  - kind: server_error\n    match:\n      - "{POST,PUT} /network-config/v1alpha1/**"\n      - /network-troubleshooting/**\n      - "* /as/token.oauth2"\n      - GET /network-monitoring/v1/aps/*/*-trends\n',
      'plan.yaml',
    );
    expect(plan.faults[0]).toMatchObject({ match: { length: 4 } });
  });

  it('reports every problem, not just the first', () => {
    const error = failure('faults:\n  - kind: latency\n  - kind: nope\n');
    expect(error.message).toMatch(/2 problems/);
    expect(error.message).toContain('/faults/0/ms');
    expect(error.message).toContain('/faults/1/kind');
  });

  it('points at YAML syntax errors', () => {
    const error = failure('faults:\n  - kind: [oops\n');
    expect(error.message).toMatch(/^ {2}plan\.yaml:\d+:\d+: YAML: /m);
  });
});

describe('loadFaultPlan', () => {
  it('reads a file relative to cwd and names it as given', () => {
    writeFileSync(join(dir, 'bad.json'), '{"faults": [{"kind": "latency", "ms": 0}]}');
    expect(() => loadFaultPlan('bad.json', dir)).toThrow(
      /bad\.json:1:39: \/faults\/0\/ms: must be at least 1, got number 0/,
    );
    writeFileSync(join(dir, 'ok.yaml'), 'faults: [{kind: latency, ms: 1}]\n');
    expect(loadFaultPlan('ok.yaml', dir)).toEqual({ faults: [{ kind: 'latency', ms: 1 }] });
  });

  it('says when the file cannot be read', () => {
    expect(() => loadFaultPlan('missing.yaml', dir)).toThrow(
      /Cannot read fault plan missing\.yaml \(ENOENT\)/,
    );
  });
});

describe('the fault plan documented in fake-central/README.md', () => {
  it('is valid and uses every fault kind', () => {
    const readme = readFileSync(
      resolve(import.meta.dirname, '../../fake-central/README.md'),
      'utf8',
    );
    const section = readme.slice(readme.indexOf('### Fault injection'));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(example).toBeDefined();
    const plan = parseFaultPlan(example ?? '', 'fake-central/README.md');
    expect(new Set(plan.faults.map((f) => f.kind))).toEqual(new Set(FAULT_KINDS));
  });
});
