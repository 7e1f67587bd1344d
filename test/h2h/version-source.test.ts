import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderResultsPage } from '../../src/publish/render-page.js';
import { modelOf } from '../helpers/publish/helpers.js';
import { sampleReport } from '../helpers/report/test-report.js';
import { harnessVersion } from '../../src/run/assemble/provenance.js';

// package.json's version is the one version source (docs/head-to-head.md "One version"): what
// reads it must agree, and nothing else may carry its own copy.
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('the one version source', () => {
  it('is what report.json’s harness field is written with', async () => {
    expect(await harnessVersion()).toBe(version);
  });

  it('is the pytest plugin’s version (released with the harness)', () => {
    const pyproject = readFileSync('python/pytest-hpe-fake-central/pyproject.toml', 'utf8');
    expect(/^version = "(.*)"$/m.exec(pyproject)?.[1]).toBe(version);
  });

  it('titles the results page of a report that harness wrote', () => {
    const report = sampleReport();
    report.harness = { ...report.harness, version };
    expect(renderResultsPage(modelOf(report))).toMatch(
      new RegExp(`^# hpe-mcp-bench head-to-head results ${version.replace(/\./g, '\\.')}\\n`),
    );
  });

  it('is run.sh’s default and the only version it accepts', () => {
    const script = readFileSync('scripts/h2h/run.sh', 'utf8');
    expect(script).toContain(`package_version="$(node -p 'require("./package.json").version')"`);
    expect(script).not.toMatch(/\b\d+\.\d+\.\d+\b/);
  });
});
