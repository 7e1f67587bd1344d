import { loadBundle, resolveBundleDir, startFakeCentral } from '../../fake-central/index.js';
import { fillOperation } from './fill-operation.js';
import { fixtureIds, type FixtureIds } from './fixture-ids.js';
import type { JsonValue, OpenApiDocument } from './openapi-documents.js';
import { ProbeClient } from './probe-client.js';
import { SchemaValidator } from './schema-validator.js';
import { probeRejects, type RejectResult, type WriteToProbe } from './reject-probe.js';
import { sampleBody, SampleTooLargeError } from './sample-body.js';
import { probeWrites, type WriteResult } from './write-probe.js';
import type { Operation } from './openapi-documents.js';

/** What one documented operation got from the fake. */
export interface OperationResult {
  method: string;
  path: string;
  operationId: string;
  /** The request as sent (path and query, fixture ids filled in). */
  request: string;
  status: number;
  /** A route of the fake answered (not its route-miss 404 or 405). */
  routed: boolean;
  /** 200 and the body validates against the documented 200 schema (or none is documented). */
  valid: boolean;
  /** The first mismatch: a route miss, a non-200 status, or the first schema error. */
  mismatch?: string;
  /** Every schema error is a deliberate deviation of SPEC.md §13: these ids. */
  deviations?: string[];
}

/** Per-document counts plus each operation's result. */
export interface DocumentResult {
  file: string;
  openapi: string;
  operations: number;
  routed: number;
  ok: number;
  valid: number;
  /** Valid, or invalid only by listed deviations. */
  validWithDeviations: number;
  results: OperationResult[];
  /** With `writes`: each item path's create → read-back → delete → read lifecycle. */
  writes?: { probed: number; ok: number; results: WriteResult[] };
  /** With `rejects`: requests breaking one documented query rule each, and those refused. */
  rejects?: RejectResult;
}

/** The conformance command's output (`--json` prints it). */
export interface ConformanceReport {
  fixture: string;
  methods: string[];
  documents: DocumentResult[];
  totals: {
    operations: number;
    routed: number;
    ok: number;
    valid: number;
    validWithDeviations: number;
    /** With `writes`: lifecycles probed and passed over every document. */
    writes?: { probed: number; ok: number };
    /** With `rejects`: probes sent and refused for their rule, GETs left out over every document. */
    rejects?: { probed: number; refused: number; baseRefused: number; unrouted: number };
  };
}

function errorMessage(body: JsonValue | undefined): string {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const m = body.message ?? body.detail ?? body.errorCode;
    if (typeof m === 'string') return m.slice(0, 160);
  }
  return '';
}

/**
 * A file answer (the documented 200 schema is a binary string): any bytes are valid, so only the
 * media type is checked. The NAC CSV exports document their file under `application/json`; a
 * file cannot be JSON-typed, so there any media type is taken (SPEC.md §14).
 */
function fileMismatch(documented: string[], sent: string | undefined): string | undefined {
  if (documented.some((t) => t.includes('json'))) return undefined;
  if (sent !== undefined && documented.includes(sent)) return undefined;
  return `200 file is ${sent ?? 'untyped'}, documented ${documented.join(' or ')}`;
}

/** A progress line every this many operations. */
export const PROGRESS_EVERY = 200;

/**
 * Asks a fresh fake (the given bundle) every documented GET of the documents, with fixture ids in
 * the path and the required query, and checks every 200 body against the documented schema.
 */
export async function runConformance(
  documents: OpenApiDocument[],
  options: {
    fixture?: string;
    writes?: boolean;
    /** Also send requests that break one documented query rule each to a checking fake. */
    rejects?: boolean;
    /** Told every PROGRESS_EVERY operations how far the run is (long documents). */
    progress?: (line: string) => void;
  } = {},
): Promise<ConformanceReport> {
  const total = documents.reduce(
    (n, d) => n + d.operations.filter((o) => o.method === 'GET').length,
    0,
  );
  let done = 0;
  const bundle = loadBundle(resolveBundleDir(options.fixture));
  const ids = fixtureIds(bundle);
  // Conformance measures the answers' shapes: its probes (made-up ids, filled parameters) are
  // not meant to pass the request rules, so its fake lets every request reach the handlers.
  const fake = await startFakeCentral({
    ...(options.fixture === undefined ? {} : { fixture: options.fixture }),
    validation: 'lenient',
  });
  const validator = new SchemaValidator();
  const client = new ProbeClient(fake);
  // The rejects probes go to a fake that checks requests against the documents (the default).
  const checking = options.rejects
    ? await startFakeCentral(options.fixture === undefined ? {} : { fixture: options.fixture })
    : undefined;
  const listed = new Map<string, JsonValue | undefined>();
  const out: DocumentResult[] = [];
  try {
    for (const doc of documents) {
      const results: OperationResult[] = [];
      const asked: { op: Operation; request: string }[] = [];
      const posts = new Map(
        doc.operations.filter((o) => o.method === 'POST').map((o) => [o.path, o]),
      );
      const gets = new Map(
        doc.operations.filter((o) => o.method === 'GET').map((o) => [o.path, o]),
      );
      for (const op of doc.operations.filter((o) => o.method === 'GET')) {
        const request = await fillOperation(
          op,
          ids,
          client,
          listed,
          (t) => posts.get(t),
          (t) => gets.get(t),
        );
        asked.push({ op, request });
        const answer = await client.get(request);
        if (++done % PROGRESS_EVERY === 0)
          options.progress?.(`conformance: ${done}/${total} operations asked (${doc.file})`);
        const base = { method: op.method, path: op.path, operationId: op.operationId, request };
        let mismatch: string | undefined;
        let deviations: string[] | undefined;
        if (answer.unrouted) mismatch = `route miss: ${answer.status} ${errorMessage(answer.body)}`;
        else if (answer.status !== 200)
          mismatch = `status ${answer.status}: ${errorMessage(answer.body)}`;
        else if (op.okBinary) mismatch = fileMismatch(op.okBinary, answer.contentType);
        else if (answer.notJson !== undefined) mismatch = `200 body is not JSON: ${answer.notJson}`;
        else {
          const checked = validator.check(doc, op, answer.body ?? null);
          mismatch = checked?.mismatch;
          deviations = checked?.deviations;
        }
        results.push({
          ...base,
          status: answer.status,
          routed: !answer.unrouted,
          valid: answer.status === 200 && mismatch === undefined,
          ...(mismatch === undefined ? {} : { mismatch }),
          ...(deviations === undefined ? {} : { deviations }),
        });
      }
      const writes = options.writes
        ? await probeWrites(doc, ids, client, listed, validator)
        : undefined;
      const rejects = checking
        ? await probeRejects(
            asked,
            new ProbeClient(checking),
            await writesToProbe(doc, ids, client, listed),
          )
        : undefined;
      out.push({
        file: doc.file,
        openapi: doc.openapi,
        operations: results.length,
        routed: results.filter((r) => r.routed).length,
        ok: results.filter((r) => r.status === 200).length,
        valid: results.filter((r) => r.valid).length,
        validWithDeviations: results.filter((r) => r.valid || r.deviations !== undefined).length,
        results,
        ...(rejects === undefined ? {} : { rejects }),
        ...(writes === undefined
          ? {}
          : {
              writes: {
                probed: writes.length,
                ok: writes.filter((w) => w.ok).length,
                results: writes,
              },
            }),
      });
    }
  } finally {
    await fake.close();
    await checking?.close();
  }
  const sum = (k: 'operations' | 'routed' | 'ok' | 'valid' | 'validWithDeviations'): number =>
    out.reduce((n, d) => n + d[k], 0);
  return {
    fixture: bundle.manifest.id,
    methods: options.writes ? ['GET', 'POST', 'DELETE'] : ['GET'],
    documents: out,
    totals: {
      operations: sum('operations'),
      routed: sum('routed'),
      ok: sum('ok'),
      valid: sum('valid'),
      validWithDeviations: sum('validWithDeviations'),
      ...(options.writes
        ? {
            writes: {
              probed: out.reduce((n, d) => n + (d.writes?.probed ?? 0), 0),
              ok: out.reduce((n, d) => n + (d.writes?.ok ?? 0), 0),
            },
          }
        : {}),
      ...(options.rejects
        ? {
            rejects: {
              probed: out.reduce((n, d) => n + (d.rejects?.probed ?? 0), 0),
              refused: out.reduce((n, d) => n + (d.rejects?.refused ?? 0), 0),
              baseRefused: out.reduce((n, d) => n + (d.rejects?.baseRefused ?? 0), 0),
              unrouted: out.reduce((n, d) => n + (d.rejects?.unrouted ?? 0), 0),
            },
          }
        : {}),
    },
  };
}

/** routed/operations and valid/200s as percentages (100 when there is nothing to count). */
export function shares(t: ConformanceReport['totals']): {
  routed: number;
  valid: number;
  validWithDeviations: number;
} {
  const pct = (a: number, b: number): number => (b === 0 ? 100 : Math.round((1000 * a) / b) / 10);
  return {
    routed: pct(t.routed, t.operations),
    valid: pct(t.valid, t.ok),
    validWithDeviations: pct(t.validWithDeviations, t.ok),
  };
}

/**
 * The writes whose bodies `--rejects` probes: every POST, PUT and PATCH with a documented JSON
 * body, its path filled as the reads' are and its smallest documented body (one too large to
 * sample is left out).
 */
async function writesToProbe(
  doc: OpenApiDocument,
  ids: FixtureIds,
  client: ProbeClient,
  listed: Map<string, JsonValue | undefined>,
): Promise<WriteToProbe[]> {
  const out: WriteToProbe[] = [];
  for (const op of doc.operations) {
    if (!['POST', 'PUT', 'PATCH'].includes(op.method) || op.requestSchema === undefined) continue;
    let body: JsonValue;
    try {
      body = sampleBody(doc, op.requestSchema, ids.now);
    } catch (error) {
      if (error instanceof SampleTooLargeError) continue;
      throw error;
    }
    out.push({ doc, op, request: await fillOperation(op, ids, client, listed), body });
  }
  return out;
}
