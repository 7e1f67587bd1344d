import { maskCanary } from './safety.js';
import { visibleText } from './leak-scan.js';

/** A secret and what replaces it: made once per redaction, not once per string. */
interface Masked {
  secret: string;
  mask: string;
}

function redactText(text: string, secrets: readonly Masked[]): string {
  let out = text;
  // The visible form of `out`, made once (not once per secret) and again only after a change.
  let visible: string | undefined;
  for (const { secret, mask } of secrets) {
    if (out.includes(secret)) {
      out = out.split(secret).join(mask);
      visible = undefined;
      continue;
    }
    visible ??= visibleText(out);
    if (visible.includes(secret)) {
      out = visible.split(secret).join(mask);
      visible = undefined;
    }
  }
  return out;
}

/**
 * A copy of `value` (a run result, a tool menu) in which every string, keys included, has each
 * secret replaced by its mask, also where invisible characters were put between its own. Used
 * on whatever a server said before it is written to report.json, the comment or a cassette:
 * the finding names the leak, the report does not repeat it.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[]): T {
  const live = secrets
    .filter((s) => s !== '')
    .map((secret) => ({ secret, mask: `[redacted ${maskCanary(secret)}]` }));
  if (live.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactText(v, live);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [redactText(k, live), walk(inner)]),
      );
    return v;
  };
  return walk(value) as T;
}
