// The folder-level import graph of the code and its cycles (DESIGN.md: "no import cycles between
// folders"), and the file-level one (no file imports itself back through others, either). dependency-cruiser reads the imports (TypeScript type-only and dynamic ones included,
// `.js` specifiers resolved to the `.ts` files); this module folds files into units and finds the
// strongly connected components of the unit graph, with the import lines that form each one.

/** The trees whose folders must not import each other in a cycle. */
export const CHECKED_TREES = ['src', 'fake-central'] as const;

/**
 * The unit a file belongs to: a folder directly under a checked tree (`src/agent`, its subfolders
 * included: `src/metrics/discoverability` is part of `src/metrics`), or a file directly in it
 * (`fake-central/state.ts`), which is a module of its own. Null for anything
 * outside the checked trees (schemas, fixtures, packages).
 */
export function unitOf(path: string): string | null {
  const match = /^(?:src|fake-central)\/[^/]+/.exec(path);
  return match === null ? null : match[0];
}

/** One import of one file, as resolved on disk (paths relative to the repository root). */
export interface FileEdge {
  from: string;
  to: string;
  /** `import type` / `import { type … }` only: still an edge (a type cycle is a design cycle). */
  typeOnly: boolean;
  /** `await import(…)`: still an edge. */
  dynamic: boolean;
}

/** The imports from one unit to another. */
export interface UnitEdge {
  from: string;
  to: string;
  files: FileEdge[];
}

/** A strongly connected component of the unit graph: every unit reaches every other. */
export interface FolderCycle {
  units: string[];
  /** The unit edges inside the component (together they form the cycle), sorted. */
  edges: UnitEdge[];
}

/** Groups file imports into unit edges; imports inside one unit and outside the trees drop out. */
export function unitEdges(files: readonly FileEdge[]): UnitEdge[] {
  const byPair = new Map<string, UnitEdge>();
  for (const edge of files) {
    const from = unitOf(edge.from);
    const to = unitOf(edge.to);
    if (from === null || to === null || from === to) continue;
    const key = `${from}\u0000${to}`;
    const unit = byPair.get(key) ?? { from, to, files: [] };
    unit.files.push(edge);
    byPair.set(key, unit);
  }
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...byPair.values()]
    .map((e) => ({
      ...e,
      files: [...e.files].sort((a, b) => order(a.from, b.from) || order(a.to, b.to)),
    }))
    .sort((a, b) => order(a.from, b.from) || order(a.to, b.to));
}

/** Tarjan's algorithm: the components of more than one unit (a unit never imports itself here). */
function components(nodes: readonly string[], next: ReadonlyMap<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return found.sort((a, b) => ((a[0] ?? '') < (b[0] ?? '') ? -1 : 1));
}

/** Every folder cycle among the imports, with the imports that form it; empty when there is none. */
export function folderCycles(files: readonly FileEdge[]): FolderCycle[] {
  const edges = unitEdges(files);
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  return components(nodes, next).map((units) => ({
    units,
    edges: edges.filter((e) => units.includes(e.from) && units.includes(e.to)),
  }));
}

/** The cycles for a person: each component, each unit edge in it, and the import lines. */
export function formatCycles(cycles: readonly FolderCycle[]): string {
  const lines: string[] = [];
  for (const cycle of cycles) {
    lines.push(`import cycle between folders: ${cycle.units.join(' ⇄ ')}`);
    for (const edge of cycle.edges) {
      lines.push(`  ${edge.from} → ${edge.to}`);
      for (const file of edge.files) {
        const kind = [file.typeOnly ? 'type-only' : '', file.dynamic ? 'dynamic' : '']
          .filter(Boolean)
          .join(', ');
        lines.push(`    ${file.from} imports ${file.to}${kind === '' ? '' : ` (${kind})`}`);
      }
    }
  }
  return lines.join('\n');
}

/** A strongly connected component of the file graph: files that import each other back. */
export interface FileCycle {
  files: string[];
  /** The imports inside the component, sorted. */
  edges: FileEdge[];
}

/**
 * Every cycle among the files themselves, inside one folder or across folders. A type-only import
 * counts: two modules that need each other's types are one module in two files, or want a third
 * file for the shared types.
 */
export function fileCycles(files: readonly FileEdge[]): FileCycle[] {
  const inTrees = files.filter((e) => unitOf(e.from) !== null && unitOf(e.to) !== null);
  const next = new Map<string, string[]>();
  for (const { from, to } of inTrees) next.set(from, [...(next.get(from) ?? []), to]);
  const nodes = [...new Set(inTrees.flatMap((e) => [e.from, e.to]))].sort();
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return components(nodes, next).map((members) => ({
    files: members,
    edges: inTrees
      .filter((e) => e.from !== e.to && members.includes(e.from) && members.includes(e.to))
      .sort((a, b) => order(a.from, b.from) || order(a.to, b.to)),
  }));
}

/** The file cycles for a person: each component and the import lines that close it. */
export function formatFileCycles(cycles: readonly FileCycle[]): string {
  const lines: string[] = [];
  for (const cycle of cycles) {
    lines.push(`import cycle between files: ${cycle.files.join(' ⇄ ')}`);
    for (const file of cycle.edges) {
      const kind = [file.typeOnly ? 'type-only' : '', file.dynamic ? 'dynamic' : '']
        .filter(Boolean)
        .join(', ');
      lines.push(`    ${file.from} imports ${file.to}${kind === '' ? '' : ` (${kind})`}`);
    }
  }
  return lines.join('\n');
}

/**
 * Whether a path is test support or a test: under test/ (helpers, test servers, fixtures) or a
 * `*.test.ts` file anywhere.
 */
export const isTestSupport = (path: string): boolean =>
  path.startsWith('test/') || /\.test\.ts$/.test(path);

/**
 * The imports from the code (src/, fake-central/) into test support: production must never import
 * it (the bundles would carry test code, and a bench would run it). Sorted; empty when there is none.
 */
export function testSupportImports(files: readonly FileEdge[]): FileEdge[] {
  return files
    .filter((e) => unitOf(e.from) !== null && !isTestSupport(e.from) && isTestSupport(e.to))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : 1));
}
