import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../common/yaml-source.js';
import { factSourceChecks } from './fact-source-checks.js';
import type { Scenario } from './types.js';

function check(sources: Record<string, Record<string, string[]>>): string[] {
  const lines = Object.entries(sources).flatMap(([fact, byServer]) => [
    `    ${fact}:`,
    ...Object.entries(byServer).map(([server, tools]) => `      ${server}: [${tools.join(', ')}]`),
  ]);
  const text = `id: f-001\nexpect:\n  fact_sources:\n${lines.join('\n')}\n`;
  const [document] = parseYamlDocuments('f.yaml', text).documents;
  const scenario = {
    expected_tools: { ref: ['run_show_commands', 'list_audits'] },
    expect: { facts: { leaseTime: '7 days' }, fact_sources: sources },
  } as unknown as Scenario;
  return factSourceChecks(scenario, document!).map(
    (e) => `${e.pointer}: ${e.message} (${e.hint ?? ''})`,
  );
}

describe('factSourceChecks', () => {
  it('accepts a fact sourced from one of the server’s expected tools', () => {
    expect(check({ leaseTime: { ref: ['run_show_commands'] } })).toEqual([]);
  });

  it('names an unknown fact, server or tool, with the valid ones', () => {
    expect(check({ leasetime: { ref: ['run_show_commands'] } })).toEqual([
      '/expect/fact_sources/leasetime: fact_sources names "leasetime", which is not a fact (did you mean "leaseTime"? facts: leaseTime)',
    ]);
    expect(check({ leaseTime: { rf: ['run_show_commands'] } })).toEqual([
      '/expect/fact_sources/leaseTime/rf: fact_sources.leaseTime names "rf", which has no expected_tools entry (did you mean "ref"? servers: ref)',
    ]);
    expect(check({ leaseTime: { ref: ['run_show_command'] } })).toEqual([
      '/expect/fact_sources/leaseTime/ref/0: fact_sources.leaseTime.ref names "run_show_command", which is not among ref\'s expected tools (did you mean "run_show_commands"? expected: run_show_commands, list_audits)',
    ]);
  });
});
