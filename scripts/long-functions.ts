// The functions over the line limit (`npm run lint:functions`): read with the TypeScript compiler
// API, so a function is what the language says it is (declarations, methods, arrows, function
// expressions), whatever its formatting.
import ts from 'typescript';

/** A function body longer than this many lines (first to last, inclusive) must be split or allowed. */
export const MAX_FUNCTION_LINES = 80;

/** One function over the limit. */
export interface LongFunction {
  /** `path#name`: the allow-list's key (a line number would change with every edit above it). */
  key: string;
  file: string;
  line: number;
  lines: number;
}

/** The name a function goes by: its own, else the variable, property or method it is bound to. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name !== undefined) return node.name.getText(source);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) &&
    parent.name !== undefined
  )
    return parent.name.getText(source);
  return '(anonymous)';
}

/** Every function of `text` (the file `file`) longer than `max` lines, outermost first. */
export function longFunctions(
  file: string,
  text: string,
  max = MAX_FUNCTION_LINES,
): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) {
        found.push({ key: `${file}#${nameOf(node, source)}`, file, line: first + 1, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** What the check says: functions over the limit that no entry allows, and entries allowing none. */
export interface LongFunctionFindings {
  unallowed: LongFunction[];
  /** Allow-list keys no long function has any more: split, renamed or gone, so the entry goes. */
  stale: string[];
}

export function judgeLongFunctions(
  found: readonly LongFunction[],
  allowed: Readonly<Record<string, string>>,
): LongFunctionFindings {
  const keys = new Set(found.map((f) => f.key));
  return {
    unallowed: found.filter((f) => allowed[f.key] === undefined),
    stale: Object.keys(allowed)
      .filter((k) => !keys.has(k))
      .sort(),
  };
}
