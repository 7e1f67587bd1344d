import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadComparedServers } from '../../src/scenarios/compared-servers.js';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[]; permissions?: Record<string, string> }>;
}

const workflow = parse(readFileSync('.github/workflows/head-to-head.yml', 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

describe('.github/workflows/head-to-head.yml', () => {
  it('checks out every compared server at exactly the commit scenarios/compared-servers.yml pins', async () => {
    const { servers, errors } = await loadComparedServers('scenarios/compared-servers.yml');
    expect(errors).toEqual([]);
    const pinned = servers
      .filter((s) => s.kind === 'github')
      .map((s) => ({ repository: s.repo, ref: s.commit, path: `.h2h/${s.name}` }));
    const checkouts = steps
      .filter((s) => s.uses?.startsWith('actions/checkout@') && s.with?.repository !== undefined)
      .map((s) => ({ repository: s.with?.repository, ref: s.with?.ref, path: s.with?.path }));
    expect(pinned.length).toBeGreaterThan(0);
    expect(checkouts).toEqual(pinned);
  });

  it('never runs on pull requests, and reads only by default', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'schedule', 'workflow_dispatch']);
    expect(workflow.on.push).toEqual({ tags: ['v*'] });
    expect(workflow.permissions).toEqual({ contents: 'read' });
    // Only the pull-request job, which runs no server code, may write.
    const writers = Object.entries(workflow.jobs)
      .filter(([, job]) => Object.values(job.permissions ?? {}).includes('write'))
      .map(([name]) => name);
    expect(writers).toEqual(['pull-request']);
    expect(
      workflow.jobs['pull-request']?.steps.some((s) => s.run?.includes('git push origin main')),
    ).toBe(false);
  });

  it('pins every action by commit SHA', () => {
    const uses = steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(5);
    for (const use of uses) expect(use).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  it('runs the same script as a person does', () => {
    expect(steps.filter((s) => s.run?.includes('bash scripts/h2h/run.sh'))).toHaveLength(1);
  });

  it("runs the conformance command against secure-ssid's vendor/openapi and keeps its JSON", () => {
    const run = steps.find((s) => s.run?.includes(' conformance '));
    expect(run?.run).toContain('--writes --openapi .h2h/secure-ssid/vendor/openapi --json');
    const upload = steps.find(
      (s) =>
        s.uses?.startsWith('actions/upload-artifact@') && s.with?.['name'] === 'fake-conformance',
    );
    expect(upload?.with?.['path']).toBe('reports/conformance/conformance.json');
  });

  it('verifies the report before publishing and the page after (run.sh), and commits the report beside its page', () => {
    const script = readFileSync('scripts/h2h/run.sh', 'utf8');
    const verifyAt = script.indexOf('"${cli[@]}" verify "$out/report.json" || {');
    const publishAt = script.indexOf('"${cli[@]}" publish "$out/report.json"');
    expect(verifyAt).toBeGreaterThan(0);
    expect(verifyAt).toBeLessThan(publishAt);
    expect(script.slice(publishAt)).toContain(
      '"${cli[@]}" verify "$out/report.json" --page "$out/$page_name.md" --page "$out/$page_name.html"',
    );
    const open = workflow.jobs['pull-request']?.steps.find((s) => s.run?.includes('gh pr create'));
    const run = open?.run ?? '';
    const verify = run.indexOf(
      'verify "docs/$name.report.json.gz" --page "docs/$name.md" --page "docs/$name.html"',
    );
    expect(verify).toBeGreaterThan(run.indexOf('gzip -9 -n -c h2h-results/report.json'));
    expect(verify).toBeLessThan(run.indexOf('commit -m'));
    expect(run).toMatch(/git add [^\n]*"docs\/\$name\.report\.json\.gz"/);
  });
});
