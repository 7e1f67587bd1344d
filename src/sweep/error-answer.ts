/**
 * Whether a plain (non-isError) result says it failed, and its error text: the methodology's
 * `error` is "isError, or error text in a plain result" (docs/report-format.md, "Tool sweep").
 */

/** Plain text that starts like a failure (`Error: …`, `Failed …`). */
const ERROR_TEXT = /^\s*(?:error|failed|failure|exception)\b|^\s*\{\s*"errors?"\s*:/i;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-empty string, object or array: `"error": null`, `""`, `[]` and `{}` say nothing failed. */
function isFilled(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return isObject(value) && Object.keys(value).length > 0;
}

/** The first string among an envelope's `error`, `message`, `detail` (one level into `error`). */
function envelopeText(body: JsonObject): string | undefined {
  const inner = isObject(body.error) ? body.error : {};
  for (const value of [body.error, body.message, body.detail, inner.message, inner.detail])
    if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}

function parseObject(text: string): JsonObject | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined; // not JSON, or cut at the result cap: the text pattern decides
  }
}

/** Top-level members that carry an HTTP status. */
const STATUS_KEYS = ['status_code', 'statusCode', 'httpStatusCode', 'status'] as const;

/**
 * A top-level HTTP status of 400 or more: secure-ssid's GreenLake envelope
 * (`{"status_code": 403, "data": {…the API's error…}}`) or the API's error body passed through
 * (`{"httpStatusCode": 403, "errorCode": …, "message": …}`). A model reads either as the failure
 * it is; without this the sweep's API-error probes called them `swallowed`.
 */
const failedStatus = (body: JsonObject): boolean =>
  STATUS_KEYS.some((key) => typeof body[key] === 'number' && body[key] >= 400);

/**
 * The error text of a result that says it failed, else undefined. A JSON object answer fails
 * only at its top level: `"ok": false` (secure-ssid's `{"ok": false, "error": …}` envelope, with
 * its keys in any order), a filled `error`/`errors` member, or an HTTP status of 400 or more. An
 * `error` field deeper inside the data (an alert list's items) or `"ok": true` is data, not a
 * failure.
 */
export function errorInAnswer(text: string): string | undefined {
  const body = parseObject(text);
  if (body === undefined) return ERROR_TEXT.test(text) ? text : undefined;
  if (body.ok !== false && !isFilled(body.error) && !isFilled(body.errors) && !failedStatus(body))
    return undefined;
  const first: unknown = Array.isArray(body.errors) ? body.errors[0] : body.errors;
  const listed =
    typeof first === 'string' ? first : isObject(first) ? envelopeText(first) : undefined;
  const inData = isObject(body.data) ? envelopeText(body.data) : undefined;
  return envelopeText(body) ?? listed ?? inData ?? text;
}
