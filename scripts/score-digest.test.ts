import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  RECORD_FILE,
  SCORE_PARTS,
  scoreDigest,
  scoreDigestProblem,
  VERSION_FILES,
  writeRefusal,
  type ScoreDigestRecord,
} from './score-digest.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'score-digest-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the score digest', () => {
  it('matches the version in package.json (bump the version when scoring changes)', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const recorded = JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as ScoreDigestRecord;
    expect(scoreDigestProblem(recorded, scoreDigest('.'), version)).toBeNull();
  });

  it('changes with a scoring file, not with its test or a file outside the parts', () => {
    const files = {
      'src/metrics/task-success.ts': 'export const pass = 1;\n',
      'src/metrics/task-success.test.ts': 'test\n',
      'src/publish/render.ts': 'render\n',
      'scenarios/alerts.yaml': 'id: alerts-001\n',
    };
    const before = scoreDigest(tree(files));
    expect(scoreDigest(tree({ ...files, 'src/metrics/task-success.test.ts': 'other\n' }))).toEqual(
      before,
    );
    expect(scoreDigest(tree({ ...files, 'src/publish/render.ts': 'other\n' }))).toEqual(before);
    const planted = scoreDigest(tree({ ...files, 'src/metrics/task-success.ts': 'pass = 0\n' }));
    expect(planted['metrics (scoring one run)']).not.toBe(before['metrics (scoring one run)']);
    expect(scoreDigest(tree({ ...files, 'scenarios/alerts.yaml': 'id: x\n' }))).not.toEqual(before);
    expect(Object.keys(before)).toEqual(SCORE_PARTS.map((p) => p.name));
  });

  it('tells the developer to bump the version when scoring changed under the same one', () => {
    const recorded: ScoreDigestRecord = { version: '0.4.0', parts: { fake: 'a', metrics: 'b' } };
    expect(scoreDigestProblem(recorded, { fake: 'a', metrics: 'b' }, '0.4.0')).toBeNull();
    const problem = scoreDigestProblem(recorded, { fake: 'a', metrics: 'c' }, '0.4.0');
    expect(problem).toContain('changed under harness version 0.4.0 (metrics)');
    expect(problem).toContain(
      'Bump the version in package.json, packages/fake-central/package.json, python/',
    );
    expect(problem).toContain('npx tsx scripts/score-digest.ts --write');
    expect(scoreDigestProblem(recorded, { fake: 'a', metrics: 'c' }, '0.5.0')).toContain(
      'records version 0.4.0 but package.json says 0.5.0',
    );
  });
});

describe('the version files', () => {
  it("all carry package.json's version (a bump that missed one fails here, not minutes into a pack)", () => {
    const version = /"version": "([^"]+)"/.exec(readFileSync('package.json', 'utf8'))?.[1];
    for (const file of VERSION_FILES) {
      const text = readFileSync(file, 'utf8');
      const own = /^\s*"?version"?\s*[:=]\s*"([^"]+)"/m.exec(text)?.[1];
      expect(own, file).toBe(version);
    }
  });
});

describe('score-digest --write', () => {
  const recorded: ScoreDigestRecord = { version: '0.5.0', parts: { fake: 'a' } };

  it('refuses to record changed parts under a version that has a results page', () => {
    const root = tree({ 'docs/benchmark-results-0.5.0-2026-12-04.md': '# page\n' });
    const refusal = writeRefusal(root, recorded, { fake: 'b' }, '0.5.0');
    expect(refusal).toContain('harness version 0.5.0 already has a results page');
    expect(refusal).toContain('docs/benchmark-results-0.5.0-2026-12-04.md');
    expect(refusal).toContain('Bump the version in package.json, packages/fake-central/');
  });

  it('records freely before the version has a page, for a new version, or with nothing changed', () => {
    const page = { 'docs/benchmark-results-0.5.0-2026-12-04.md': '# page\n' };
    expect(
      writeRefusal(
        tree({ 'docs/benchmark-results-0.4.0.md': 'x' }),
        recorded,
        { fake: 'b' },
        '0.5.0',
      ),
    ).toBeNull();
    expect(writeRefusal(tree(page), recorded, { fake: 'b' }, '0.6.0')).toBeNull();
    expect(writeRefusal(tree(page), recorded, { fake: 'a' }, '0.5.0')).toBeNull();
    expect(writeRefusal(tree(page), null, { fake: 'b' }, '0.5.0')).toBeNull();
    // 0.5.0's page is not 0.5.01's
    expect(
      writeRefusal(
        tree({ 'docs/benchmark-results-0.5.01.md': 'x' }),
        recorded,
        { fake: 'b' },
        '0.5.0',
      ),
    ).toBeNull();
  });
});
