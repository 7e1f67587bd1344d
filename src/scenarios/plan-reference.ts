/**
 * A plan argument taken from an earlier call's result instead of written out:
 * `{ $from: list_clients, path: 'clients[0].macAddress' }` (the latest earlier step that called
 * list_clients) or `{ $from: 1, path: … }` (step 1, counted from 1). A plan that hard-codes the
 * id a lookup should have found passes when the lookup breaks; a reference fails with it.
 */
export interface PlanReference {
  /** A tool name (the latest earlier step calling it) or a 1-based step number. */
  from: string | number;
  /** Dotted keys and `[n]` indexes into the result's JSON: `clients[0].macAddress`, `[0].mac`. */
  path: string;
}

/** One step of a path: an object key or an array index. */
export type PathSegment = string | number;

const SEGMENT = /^(?:\.?([A-Za-z0-9_$-]+)|\[(\d+)\])/;

/** The path's segments, or null when it is not `key.key[0].key` syntax. */
export function parsePath(path: string): PathSegment[] | null {
  const out: PathSegment[] = [];
  let rest = path;
  if (rest.startsWith('.')) return null;
  while (rest.length > 0) {
    const match = SEGMENT.exec(rest);
    if (!match) return null;
    out.push(match[1] ?? Number(match[2]));
    rest = rest.slice(match[0].length);
  }
  return out.length > 0 ? out : null;
}

/** Whether a plan argument value is a reference: an object whose only keys are `$from` and `path`. */
export function isReferenceShape(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return '$from' in value;
}

/** The reference a value holds, or a message saying why it is not a valid one. */
export function readReference(value: Record<string, unknown>): PlanReference | string {
  const keys = Object.keys(value).filter((k) => k !== '$from' && k !== 'path');
  if (keys.length > 0) return `a reference has only $from and path (not ${keys.join(', ')})`;
  const from = value.$from;
  const path = value.path;
  if (!(typeof from === 'string' && from !== '') && !(Number.isInteger(from) && Number(from) >= 1))
    return '$from is a tool name or a step number (1 = the first step)';
  if (typeof path !== 'string' || parsePath(path) === null)
    return `path ${JSON.stringify(path)} is not key.key[0].key syntax`;
  return { from: from as string | number, path };
}

/** Every reference in a step's arguments (at any depth), with where it sits. */
export function referencesIn(
  args: unknown,
  at: (string | number)[] = [],
): { at: (string | number)[]; value: Record<string, unknown> }[] {
  if (isReferenceShape(args)) return [{ at, value: args }];
  if (Array.isArray(args)) return args.flatMap((item, i) => referencesIn(item, [...at, i]));
  if (args !== null && typeof args === 'object')
    return Object.entries(args).flatMap(([k, v]) => referencesIn(v, [...at, k]));
  return [];
}

/**
 * The earlier step (0-based) a reference reads, among `steps` (the plan's tools before the step
 * holding it), or null when there is none.
 */
export function sourceStep(from: string | number, tools: readonly string[]): number | null {
  if (typeof from === 'number') return from <= tools.length ? from - 1 : null;
  const index = tools.lastIndexOf(from);
  return index === -1 ? null : index;
}

/** The value at `path` in `document`, or undefined when a segment is missing. */
export function valueAt(document: unknown, path: readonly PathSegment[]): unknown {
  let here = document;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(here)) return undefined;
      here = here[segment];
    } else {
      if (here === null || typeof here !== 'object' || Array.isArray(here)) return undefined;
      here = (here as Record<string, unknown>)[segment];
    }
  }
  return here;
}
