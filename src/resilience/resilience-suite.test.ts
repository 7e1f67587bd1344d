import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../scenarios/load-scenarios.js';
import { packageRoot } from '../common/package-root.js';
import { resilienceRequest, resilienceScenarios } from './resilience-suite.js';

const none = { resilience: false, suites: [], scenarioIds: [], scenarioPaths: [] };

describe('resilienceRequest', () => {
  it.each([
    ['run', none, { suites: [], byTag: false }],
    ['run --resilience', { ...none, resilience: true }, { suites: [], byTag: true }],
    ['run --suite resilience', { ...none, suites: ['resilience'] }, { suites: [], byTag: true }],
    [
      'run --resilience --suite nac',
      { ...none, resilience: true, suites: ['nac'] },
      { suites: ['nac'], byTag: false },
    ],
    [
      'run --resilience --scenario nac-001',
      { ...none, resilience: true, scenarioIds: ['nac-001'] },
      { suites: [], byTag: false },
    ],
    [
      'run --resilience my-scenarios/',
      { ...none, resilience: true, scenarioPaths: ['my-scenarios/'] },
      { suites: [], byTag: false },
    ],
  ])('%s', (_cli, request, expected) => {
    expect(resilienceRequest(request)).toEqual(expected);
  });

  it('refuses --suite resilience beside another suite, naming both', () => {
    expect(() => resilienceRequest({ ...none, suites: ['resilience', 'nac'] })).toThrow(
      /--suite resilience cannot be combined with --suite nac/,
    );
    expect(() =>
      resilienceRequest({ ...none, suites: ['resilience', 'nac'], option: 'input suites' }),
    ).toThrow('input suites resilience cannot be combined with input suites nac');
  });
});

describe('the golden resilience suite', () => {
  it('is six golden scenarios: paged lists, async tasks and writes', async () => {
    const root = packageRoot();
    const { scenarios, errors } = await loadScenarios([join(root, 'scenarios')], {
      root,
      cwd: root,
    });
    expect(errors).toEqual([]);
    const suite = resilienceScenarios(scenarios);
    expect(suite.map((s) => s.id).sort()).toEqual([
      'alerts-004',
      'client-diagnosis-003',
      'incident-response-007',
      'nac-006',
      'site-device-health-005',
      'wlan-change-004',
    ]);
    expect(suite.filter((s) => s.tags.includes('pagination'))).toHaveLength(3);
    expect(suite.filter((s) => s.tags.includes('async'))).toHaveLength(2);
    expect(suite.filter((s) => s.write_gate === 'write')).toHaveLength(2);
  });

  it('is a usage error when nothing is tagged', () => {
    expect(() => resilienceScenarios([])).toThrow(/no loaded scenario is tagged resilience/);
  });
});
