import { resolve } from 'node:path';
import { BenchError, EXIT_CODES } from '../../common/errors.js';
import { loadDocuments } from '../../conformance/openapi-documents.js';
import { renderConformance } from '../../conformance/render-conformance.js';
import { runConformance, shares } from '../../conformance/run-conformance.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench conformance --openapi DIR [--fixture NAME|DIR]
                                 [--min-routed P] [--min-valid P] [--writes] [--rejects] [--json] [--summary]

Asks a fresh fake-central every GET operation documented in the OpenAPI 3.x JSON documents
under DIR, with fixture ids filled into the path and the required query (sites, serials, MACs,
names, the bundle's clock window), and reports per document: operations, routed (not the fake's
route-miss 404/405), answered 200, and 200 bodies valid against the documented 200 schema
(JSON Schema 2020-12 via Ajv, $refs bundled), the 200 bodies whose only errors are the
deliberate deviations of fake-central/SPEC.md §13 (valid*), then each failing operation's first
mismatch.
Documents are read only as regular files of at most 32 MiB; a paths key that is not an API path
(//host/x, http://…, /../x) is refused, as are more than 10000 operations in all. Schema
patterns run on RE2 (a pattern it cannot run is not checked); --writes bodies are bounded.
A progress line goes to stderr every 200 operations.
Exit 0: at or above the thresholds; 1: below one; 2: usage or an unreadable document.

Options:
  --openapi DIR     directory of OpenAPI documents (e.g. a checkout's vendor/openapi) (required)
  --fixture NAME    bundle under fixtures/central, or a bundle directory (default site-a)
  --min-routed P    minimum routed share of operations, in percent (default 0)
  --min-valid P     minimum strictly schema-valid share of the 200 answers, in percent (default 0)
  --writes          also probe every documented item path with a POST, GET and DELETE:
                    create (a fresh name, the smallest documented body) → read-back (valid
                    against the GET schema) → PUT/PATCH where documented → delete → read (404);
                    the GET figures are unchanged
  --rejects         also send, for every GET the fake accepts as filled, requests that break one
                    documented query rule each (an unknown parameter on monitoring, notifications
                    and services; a value outside an enum; a wrong type; a missing required
                    parameter), and for every write the fake serves, bodies that break one (a
                    member outside its enum, of the wrong type, a required one left out), to a
                    fake checking requests, and count those refused for that rule
  --json            print the whole result as JSON
  --summary         the table only, without the per-operation mismatches
`;

function percent(name: string, raw: string | undefined): number {
  if (raw === undefined) return 0;
  const value = Number(raw.replace(/%$/, ''));
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new BenchError(
      'usage',
      `conformance: --${name} must be a percentage 0–100, got "${raw}"`,
    );
  }
  return value;
}

/** `hpe-mcp-bench conformance`: the fake measured against the vendor's documents. */
export async function conformanceCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('conformance', args, {
    openapi: { type: 'string' },
    fixture: { type: 'string' },
    'min-routed': { type: 'string' },
    'min-valid': { type: 'string' },
    json: { type: 'boolean' },
    writes: { type: 'boolean' },
    rejects: { type: 'boolean' },
    summary: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (values.openapi === undefined) {
    throw new BenchError('usage', 'conformance needs --openapi DIR', {
      hint: "run 'hpe-mcp-bench conformance --help'",
    });
  }
  const minRouted = percent('min-routed', values['min-routed']);
  const minValid = percent('min-valid', values['min-valid']);
  const documents = loadDocuments(resolve(io.cwd, values.openapi));
  const fixture =
    values.fixture === undefined || !/[/.]/.test(values.fixture)
      ? values.fixture
      : resolve(io.cwd, values.fixture);
  const report = await runConformance(documents, {
    ...(fixture === undefined ? {} : { fixture }),
    ...(values.writes === true ? { writes: true } : {}),
    ...(values.rejects === true ? { rejects: true } : {}),
    progress: (line) => io.stderr(`${line}\n`),
  });
  const s = shares(report.totals);
  const below: string[] = [];
  if (s.routed < minRouted) below.push(`routed ${s.routed}% < --min-routed ${minRouted}%`);
  if (s.valid < minValid) below.push(`schema-valid ${s.valid}% < --min-valid ${minValid}%`);
  if (values.json === true) {
    io.stdout(JSON.stringify({ ...report, shares: s, below }, null, 2) + '\n');
  } else {
    io.stdout(renderConformance(report, { details: values.summary !== true }));
    if (below.length > 0) io.stdout(`below the thresholds: ${below.join('; ')}\n`);
  }
  return below.length > 0 ? EXIT_CODES.failed : EXIT_CODES.ok;
}
