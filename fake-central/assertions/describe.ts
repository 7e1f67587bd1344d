import { valueAt } from '../state-checks/json-path.js';
import type { StateChange } from '../state-checks/state-changes.js';
import type { CallRecord, Json } from '../types.js';

// The wording of the assertion helpers' failures, shared with the pytest plugin's
// (python/…/_assertions.py): values as sorted JSON, a missing value as `missing`, at most
// SHOWN lines of changes or calls and then "… and N more".

/** How many changes or calls a failure message lists before "and N more". */
export const SHOWN = 8;

function sortedKeys(value: Json): Json {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sortedKeys);
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys(value[k] ?? null)]),
  );
}

/** A value as JSON with sorted keys; `missing` when there is none. */
export const shown = (value: Json | undefined): string =>
  value === undefined ? 'missing' : JSON.stringify(sortedKeys(value));

export const whereText = (where: Record<string, Json> | undefined): string =>
  where && Object.keys(where).length > 0 ? ` where ${shown(where)}` : '';

/** Lines, one per row, indented, cut at SHOWN. */
export function listed(lines: readonly string[]): string {
  const more = lines.length > SHOWN ? `\n  … and ${lines.length - SHOWN} more` : '';
  return lines
    .slice(0, SHOWN)
    .map((line) => `\n  ${line}`)
    .join('')
    .concat(more);
}

/** `collection item change`, and for a modified item each field before → after. */
export function describeChange(change: StateChange): string {
  const head = `${change.collection} ${change.item} ${change.change}`;
  if (change.change !== 'modified') return head;
  const diffs = change.fields.map(
    (path) =>
      `${path}: ${shown(change.before === undefined ? undefined : valueAt(change.before, path))} → ` +
      `${shown(change.after === undefined ? undefined : valueAt(change.after, path))}`,
  );
  return `${head} (${diffs.join('; ')})`;
}

/**
 * `METHOD path → status`, why the fake refused it when it did, and where it carried the client
 * secret when it did.
 */
export function describeCall(call: CallRecord): string {
  const why = call.refused ? ` refused (${call.refused.rule} at ${call.refused.at})` : '';
  const secret = call.credentialSent
    ? ` with the client secret in ${call.credentialSent.join(', ')}`
    : '';
  return `${call.method} ${call.path} → ${call.status}${why}${secret}`;
}
