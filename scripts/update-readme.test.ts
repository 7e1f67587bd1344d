import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiTables, updateReadme } from './update-readme.js';

describe('README api tables', () => {
  it('are generated from action.yml and up to date (run npm run docs)', async () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(await updateReadme(readme, readFileSync('action.yml', 'utf8'))).toBe(readme);
  });

  it('render every input with its default and every output', () => {
    const tables = renderApiTables(
      'inputs:\n  runs:\n    description: Runs | per scenario\n    default: "5"\noutputs:\n  verdict:\n    description: pass or fail\n',
    );
    expect(tables).toContain('| `runs` | Runs \\| per scenario | `5` |');
    expect(tables).toContain('| `verdict` | pass or fail |');
  });
});
