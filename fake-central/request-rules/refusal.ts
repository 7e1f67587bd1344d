import { createHash } from 'node:crypto';
import { errorBody } from '../api-error.js';
import { glpBadRequest } from '../routes/greenlake-errors.js';
import type { Item, RefusedRequest } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import type { BrokenRule } from './check-value.js';
import type { DocumentedOperation } from './lookup.js';
import type { RuleTable } from './table.js';

// The vendor's `message` is at most 512 characters (the profile documents' Error400 schema).
const MESSAGE_MAX = 512;
// Live: monitoring, notifications and services answer this code for an unknown query
// parameter (nowireless4u CHANGELOG 3.5.0.5 and 3.6.1.10).
const UNKNOWN_QUERY_CODE = 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER';

/** Where a rule broke, in the words of a message: `/opmode`, `query parameter x`, `path parameter y`. */
function place(pointer: string): string {
  if (pointer.startsWith('query:')) return `query parameter ${pointer.slice(6)}`;
  if (pointer.startsWith('path:')) return `path parameter ${pointer.slice(5)}`;
  const inBody = pointer.slice('body:'.length);
  return inBody === '' ? 'request body' : inBody;
}

/** A field as troubleshooting names it: `packetSize`, `commands/0`, `context-type`. */
const field = (pointer: string): string =>
  pointer.replace(/^(query|path|body):\/?/, '') || 'request body';

/** The message naming the place and the rule, in the family's wording. */
export function refusalMessage(path: string, broken: BrokenRule): string {
  let message: string;
  if (broken.rule === 'unknown-parameter' && broken.pointer.startsWith('query:'))
    message = `Unknown query parameter: ${broken.pointer.slice(6)}`;
  else if (path.startsWith('/network-troubleshooting/'))
    // The troubleshooting document's 400 example: "Validation errors - <field> must be …".
    message = `Validation errors - ${field(broken.pointer)} ${broken.reason}`;
  else message = `${place(broken.pointer)} ${broken.reason}`;
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;
}

const documentCodes = new WeakMap<RuleTable, Map<number, string>>();

/** Each document's most used 400 code: the answer of its operations that give no example. */
function documentCode(table: RuleTable, file: number): string | undefined {
  let codes = documentCodes.get(table);
  if (codes === undefined) {
    const counts = new Map<number, Map<number, number>>();
    for (const methods of Object.values(table.ops))
      for (const op of Object.values(methods)) {
        if (op.c === undefined) continue;
        const perFile = counts.get(op.d) ?? new Map<number, number>();
        perFile.set(op.c, (perFile.get(op.c) ?? 0) + 1);
        counts.set(op.d, perFile);
      }
    codes = new Map();
    for (const [d, perFile] of counts) {
      const [best] = [...perFile].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [];
      const code = best === undefined ? undefined : table.codes[best];
      if (code !== undefined) codes.set(d, code);
    }
    documentCodes.set(table, codes);
  }
  return codes.get(file);
}

function errorCode(
  table: RuleTable,
  op: DocumentedOperation,
  path: string,
  broken: BrokenRule,
): string {
  if (broken.rule === 'unknown-parameter' && broken.pointer.startsWith('query:'))
    return UNKNOWN_QUERY_CODE;
  const documented = op.rule.c === undefined ? undefined : table.codes[op.rule.c];
  return (
    documented ??
    documentCode(table, op.rule.d) ??
    (path.startsWith('/network-config/') ? 'ERR_AP001' : 'HPE_GL_ERROR_BAD_REQUEST')
  );
}

/**
 * The answer to a refused request: 400 with the family's error body (GreenLake's `errorDetails`
 * issue for its documents) and a `debugId` unique to this request yet reproducible: a hash of the
 * bundle and the request's sequence number, which restarts on reset.
 */
export function refusal(
  table: RuleTable,
  op: DocumentedOperation,
  path: string,
  broken: BrokenRule,
  debugSeed: string,
): { response: FakeResponse; refused: RefusedRequest } {
  const message = refusalMessage(path, broken);
  const debugId = createHash('md5').update(debugSeed).digest('hex');
  let body: Item;
  if (table.files[op.rule.d]?.startsWith('greenlake/')) {
    const [source, subject] = broken.pointer.startsWith('query:')
      ? ['query.parameter', broken.pointer.slice(6)]
      : broken.pointer.startsWith('path:')
        ? ['path.parameter', broken.pointer.slice(5)]
        : ['body', broken.pointer === 'body:' ? 'body' : field(broken.pointer)];
    body = { ...(glpBadRequest(message, subject, source).response.body as Item), debugId };
  } else {
    body = { ...errorBody(400, errorCode(table, op, path, broken), message), debugId };
  }
  return {
    response: { status: 400, body },
    refused: { operation: op.operation, rule: broken.rule, at: broken.pointer, message },
  };
}
