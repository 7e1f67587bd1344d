import { describe, expect, it } from 'vitest';
import { displayPath } from './display-path.js';

describe('displayPath', () => {
  it.each([
    ['/work/repo/scenarios/alerts.yaml', '/work/repo', 'scenarios/alerts.yaml'],
    ['/work/other/x.yaml', '/work/repo', '/work/other/x.yaml'],
    ['/work/repo', '/work/repo', '/work/repo'],
    ['/work/repo-b/x.yaml', '/work/repo', '/work/repo-b/x.yaml'],
  ])('%s from %s → %s', (path, cwd, shown) => {
    expect(displayPath(path, cwd)).toBe(shown);
  });
});
