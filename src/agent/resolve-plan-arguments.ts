import {
  parsePath,
  readReference,
  referencesIn,
  sourceStep,
  valueAt,
} from '../scenarios/plan-reference.js';
import type { PlannedCall } from '../scenarios/types.js';
import type { ToolCallRecord } from '../trajectory/types.js';

/** A planned step's arguments with every reference filled in, or why one could not be. */
export type ResolvedArguments =
  { ok: true; arguments: Record<string, unknown> } | { ok: false; failure: string };

const QUOTE_CHARS = 120;
const quote = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS)}…` : line);
};

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const isWrapped = (value: unknown): value is { result: unknown } =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  'result' in value;

/**
 * The JSON documents a path is looked up in, in order: the structured result (and what a
 * `{ result }` wrapper holds), then the text
 * blocks parsed as JSON (one block: its value; several: the array of their values). A text
 * result that is not JSON ("No clients found") gives no document.
 */
function resultDocuments(call: ToolCallRecord): unknown[] {
  const docs: unknown[] = [];
  const structured = call.outcome.structuredContent;
  if (structured !== undefined) docs.push(structured);
  // FastMCP wraps a result that is not an object as `{ result: … }`: read it as the text reads.
  if (isWrapped(structured)) docs.push(structured.result);
  const texts = call.outcome.content.flatMap((block) => {
    const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
    return type === 'text' && typeof text === 'string' ? [text] : [];
  });
  const parsed = texts.map(parseJson);
  if (parsed.length > 0 && parsed.every((p) => p.ok)) {
    const values = parsed.map((p) => (p.ok ? p.value : null));
    docs.push(values.length === 1 ? values[0] : values);
  }
  return docs;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function setAt(target: unknown, at: readonly (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at as [string | number, ...(string | number)[]];
  if (Array.isArray(target)) {
    const copy = target.slice();
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const record = target as Record<string, unknown>;
  return { ...record, [head]: setAt(record[head], rest, value) };
}

/**
 * Fills the references of plan step `step` (0-based) from the calls made so far (`calls[i]` is
 * step i). A reference whose source step failed, answered something that is not JSON, or has
 * nothing (or an empty value) at the path is a failed lookup: the message names the step, the
 * argument, the source and what the source answered.
 */
export function resolvePlanArguments(
  plan: readonly PlannedCall[],
  step: number,
  calls: readonly ToolCallRecord[],
): ResolvedArguments {
  const planned = plan[step];
  if (!planned) return { ok: false, failure: `the plan has no step ${step + 1}` };
  let args: unknown = planned.arguments;
  const tools = plan.slice(0, step).map((s) => s.tool);
  for (const { at, value } of referencesIn(planned.arguments)) {
    const where = `step ${step + 1} (${planned.tool}) takes ${at.join('.') || 'its arguments'}`;
    const ref = readReference(value);
    if (typeof ref === 'string') return { ok: false, failure: `${where}: ${ref}` };
    const source = sourceStep(ref.from, tools);
    const call = source === null ? undefined : calls[source];
    if (source === null || !call)
      return {
        ok: false,
        failure: `${where} from ${String(ref.from)}, which did not run before it`,
      };
    const from = `${where} from step ${source + 1} (${call.name}) at ${ref.path}`;
    if (call.outcome.protocolError !== undefined || call.outcome.isError)
      return { ok: false, failure: `${from}, which failed: ${quote(call.resultText)}` };
    const docs = resultDocuments(call);
    if (docs.length === 0)
      return { ok: false, failure: `${from}, whose result is not JSON: ${quote(call.resultText)}` };
    const path = parsePath(ref.path) ?? [];
    const found = docs.map((doc) => valueAt(doc, path)).find((v) => !isEmpty(v));
    if (found === undefined)
      return {
        ok: false,
        failure: `${from}, which has nothing there: ${quote(call.resultText)}`,
      };
    args = setAt(args, at, found);
  }
  return { ok: true, arguments: args as Record<string, unknown> };
}
