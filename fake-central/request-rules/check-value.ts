import type { Json, RefusalRule } from '../types.js';
import type { RuleNode } from './table.js';

/** The first rule a value breaks: which, where (a JSON pointer) and why, as a predicate (`must be …`). */
export interface BrokenRule {
  rule: RefusalRule;
  pointer: string;
  reason: string;
}

/** The table's nodes and a cached pattern compiler, all the checker needs. */
export interface CheckContext {
  nodes: readonly RuleNode[];
  pattern: (source: string) => ((value: string) => boolean) | undefined;
  /** Body pointers left unchecked on this request (SPEC.md §13 deviations). */
  skip?: ReadonlySet<string>;
}

const ENUM_SHOWN = 6;

/** The JSON type of a value, `integer` for whole numbers (JSON Schema's reading). */
export function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

const fits = (type: string, value: Json): boolean => {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** `must be one of A, B, … (23 values)`: the list cut so a message stays readable. */
export function enumReason(values: readonly Json[]): string {
  const shown = values
    .slice(0, ENUM_SHOWN)
    .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const more = values.length > ENUM_SHOWN ? `, … (${values.length} values)` : '';
  return `must be one of ${shown.join(', ')}${more}`;
}

/**
 * The first rule of node `index` that `value` breaks, or undefined. Readings of the documents
 * (SPEC.md §9): a node with members and no type is an object; a union holds when any branch
 * does; under merge-patch (`merge`, PATCH) `null` removes a member and `required` is not
 * enforced (RFC 7386); members the node does not name are accepted unless it forbids them.
 */
export function checkValue(
  ctx: CheckContext,
  index: number,
  value: Json,
  pointer: string,
  merge: boolean,
): BrokenRule | undefined {
  const n = ctx.nodes[index];
  if (n === undefined || ctx.skip?.has(pointer)) return undefined;
  if (merge && value === null) return undefined;
  const broken = (rule: RefusalRule, reason: string, at = pointer): BrokenRule => ({
    rule,
    pointer: at,
    reason,
  });
  if (n.t !== undefined) {
    const types = Array.isArray(n.t) ? n.t : [n.t];
    if (!types.some((t) => fits(t, value)))
      return broken('type', `must be ${types.join(' or ')} (got ${jsonType(value)})`);
  }
  if (n.e !== undefined && !n.e.some((e) => e === value)) return broken('enum', enumReason(n.e));
  if (typeof value === 'string') {
    const length = [...value].length;
    if (n.nl !== undefined && length < n.nl)
      return broken('min-length', `must be at least ${n.nl} characters`);
    if (n.xl !== undefined && length > n.xl)
      return broken('max-length', `must be at most ${n.xl} characters`);
    for (const source of n.pt ?? []) {
      const test = ctx.pattern(source);
      if (test !== undefined && !test(value))
        return broken('pattern', `must match the documented pattern ${source}`);
    }
  }
  if (typeof value === 'number') {
    // The vendor's wording: "packetSize must be between 10 and 2000" (troubleshooting's 400).
    const range =
      n.n !== undefined && n.x !== undefined
        ? `must be between ${n.n} and ${n.x}`
        : n.n !== undefined
          ? `must be at least ${n.n}`
          : `must be at most ${n.x}`;
    if (n.n !== undefined && value < n.n) return broken('minimum', range);
    if (n.en !== undefined && value <= n.en) return broken('minimum', `must be above ${n.en}`);
    if (n.x !== undefined && value > n.x) return broken('maximum', range);
    if (n.ex !== undefined && value >= n.ex) return broken('maximum', `must be below ${n.ex}`);
  }
  if (Array.isArray(value)) {
    if (n.ni !== undefined && value.length < n.ni)
      return broken('min-items', `must have at least ${n.ni} items`);
    if (n.xi !== undefined && value.length > n.xi)
      return broken('max-items', `must have at most ${n.xi} items`);
    if (n.i !== undefined)
      for (let k = 0; k < value.length; k++) {
        const inner = checkValue(ctx, n.i, value[k] as Json, `${pointer}/${k}`, false);
        if (inner) return inner;
      }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (!merge)
      for (const member of n.r ?? [])
        if (!(member in value)) return broken('required', 'is required', `${pointer}/${member}`);
    for (const [key, member] of Object.entries(value)) {
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const sub = n.p?.[key] ?? n.ad;
      if (sub !== undefined) {
        const inner = checkValue(ctx, sub, member, at, merge);
        if (inner) return inner;
      } else if (n.ap === 0) return broken('unknown-parameter', 'is not a documented member', at);
    }
  }
  if (n.u !== undefined && n.u.length > 0) {
    const failures: BrokenRule[] = [];
    for (const branch of n.u) {
      const failure = checkValue(ctx, branch, value, pointer, merge);
      if (failure === undefined) return undefined;
      failures.push(failure);
    }
    // Name the branch whose type fitted (its own rule broke), else the type.
    const closest = failures.find((f) => f.rule !== 'type') ?? failures[0];
    if (closest) {
      const forms = `must match one of the ${n.u.length} documented forms`;
      return { ...closest, reason: `${forms} (closest: ${closest.reason})` };
    }
  }
  return undefined;
}
