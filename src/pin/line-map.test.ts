import { describe, expect, it } from 'vitest';
import { findBlock, mapLine, parseHunks } from './line-map.js';
import { pyprojectVersion } from './pyproject-version.js';
import { retargetWorkflow } from './workflow-refs.js';

// 3 lines inserted after old line 1; old lines 5-6 replaced by one line; old line 9 deleted.
const DIFF = `diff --git a/x b/x
--- a/x
+++ b/x
@@ -1,0 +2,3 @@
+a
+b
+c
@@ -5,2 +8 @@
-five
-six
+five'
@@ -9 +11,0 @@
-nine
`;

describe('mapLine', () => {
  const hunks = parseHunks(DIFF);

  it('reads -U0 hunks, counts defaulting to 1', () => {
    expect(hunks).toEqual([
      { oldStart: 1, oldCount: 0, newStart: 2, newCount: 3 },
      { oldStart: 5, oldCount: 2, newStart: 8, newCount: 1 },
      { oldStart: 9, oldCount: 1, newStart: 11, newCount: 0 },
    ]);
  });

  it.each([
    [1, { line: 1 }],
    [2, { line: 5 }],
    [4, { line: 7 }],
    [5, { gone: 'changed or deleted' }],
    [6, { gone: 'changed or deleted' }],
    [7, { line: 9 }],
    [9, { gone: 'deleted' }],
    [10, { line: 11 }],
  ])('old line %i → %o', (line, mapped) => {
    expect(mapLine(hunks, line)).toEqual(mapped);
  });
});

describe('findBlock', () => {
  const file = ['def a():', '    return 1', '', 'def b():', '    return 1'];
  it('finds a block that occurs once, ignoring indentation changes', () => {
    expect(findBlock(file, ['  def b():', 'return 1'])).toBe(4);
  });
  it('finds nothing for a block that is absent, blank or ambiguous', () => {
    expect(findBlock(file, ['def c():'])).toBeNull();
    expect(findBlock(file, [''])).toBeNull();
    expect(findBlock(file, ['    return 1'])).toBeNull();
  });
});

describe('pyprojectVersion', () => {
  it('reads [project], then [tool.poetry], and nothing else', () => {
    expect(pyprojectVersion('[tool.x]\nversion = "9"\n[project]\nversion = "1.2.3"\n')).toBe(
      '1.2.3',
    );
    expect(pyprojectVersion("[tool.poetry]\nversion = '0.4'\n")).toBe('0.4');
    expect(pyprojectVersion('[project]\ndynamic = ["version"]\n')).toBeNull();
    expect(pyprojectVersion(null)).toBeNull();
  });
});

describe('retargetWorkflow', () => {
  const OLD = 'a'.repeat(40);
  const NEW = 'b'.repeat(40);
  const workflow = `steps:
  - name: one
    with:
      repository: acme/one
      ref: ${OLD}
  - name: two
    with:
      repository: acme/two
      ref: ${OLD}
`;
  it("moves only the ref of the named repository's checkout", () => {
    expect(retargetWorkflow(workflow, 'acme/two', OLD, NEW)).toBe(
      workflow.replace(`two\n      ref: ${OLD}`, `two\n      ref: ${NEW}`),
    );
    expect(retargetWorkflow(workflow, 'acme/three', OLD, NEW)).toBeNull();
  });
});
