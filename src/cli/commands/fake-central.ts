import { FakeCentralError, listBundles, startFakeCentral } from '../../../fake-central/index.js';
import type { CallRecord } from '../../../fake-central/index.js';
import { BenchError } from '../../common/errors.js';
import { loadFaultPlan, parseFaultPlan } from '../../resilience/load-fault-plan.js';
import type { CliIo } from '../io.js';
import { intOption, parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench fake-central [--fixture NAME|DIR] [--port N] [--lenient] [--faults FILE] [--control] [--quiet]

Serves the fake Central/GreenLake API on 127.0.0.1 and prints one JSON line on stdout:
  {"url","proxy","caCertPath","clientId","clientSecret","workspaceId"}
  (with --control also "control" and "controlToken")
The same port is an HTTP(S) proxy: set HTTPS_PROXY=<proxy> and trust <caCertPath>
(SSL_CERT_FILE, REQUESTS_CA_BUNDLE, CURL_CA_BUNDLE, NODE_EXTRA_CA_CERTS) and clients reach the
fake with their production URLs; any other host is refused and logged as an escape.
Each request is logged on stderr. Stops on SIGINT/SIGTERM.

Options:
  --fixture NAME|DIR  fixture bundle (default site-a); bundles: ${listBundles().join(', ')}
  --port N            port on 127.0.0.1 (default 0: a free port)
  --lenient           let through requests HPE's documents forbid (by default they are refused
                      with the family's 400 and change nothing: a wrong type or enum, a missing
                      member, an unknown query parameter on monitoring/notifications/services)
  --strict-query      accepted for old scripts, no effect: the default checks more than it did
  --faults FILE       inject the faults of a YAML/JSON fault plan (fake-central/faults/fault-plan.schema.json)
  --control           also serve the control API on its own loopback port, with a random bearer
                      token (both only in the JSON line): GET /_fake/info, GET /_fake/calls?since=SEQ,
                      POST /_fake/reset, PUT /_fake/faults, GET /_fake/state, POST /_fake/state/check
                      (docs/testing-with-the-fake.md)
  --quiet             do not log requests on stderr
`;

/** `hpe-mcp-bench fake-central`: serve the fake until a signal arrives. */
export async function fakeCentralCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('fake-central', args, {
    fixture: { type: 'string' },
    port: { type: 'string' },
    lenient: { type: 'boolean' },
    'strict-query': { type: 'boolean' },
    faults: { type: 'string' },
    control: { type: 'boolean' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const port = intOption('fake-central', 'port', values.port, 0, 65535);
  if (values.lenient && values['strict-query'])
    throw new BenchError(
      'usage',
      'fake-central: --lenient and --strict-query contradict each other',
      {
        hint: 'drop --strict-query: checking requests against the documents is the default',
      },
    );
  const faults = values.faults === undefined ? null : loadFaultPlan(values.faults, io.cwd);
  let fake;
  try {
    fake = await startFakeCentral({
      ...(values.fixture === undefined ? {} : { fixture: values.fixture }),
      port,
      validation: values.lenient ? 'lenient' : 'documents',
      faults,
      ...(values.control ? { control: { parseFaultPlan } } : {}),
      ...(values.quiet ? {} : { onRequest: (r) => io.stderr(logLine(r)) }),
    });
  } catch (error) {
    if (error instanceof FakeCentralError) {
      throw new BenchError(error.code, error.message, {
        ...(error.hint === undefined ? {} : { hint: error.hint }),
        cause: error,
      });
    }
    throw error;
  }
  try {
    io.stdout(
      JSON.stringify({
        url: fake.url,
        proxy: fake.proxyUrl,
        caCertPath: fake.caCertPath,
        clientId: fake.credentials.clientId,
        clientSecret: fake.credentials.clientSecret,
        workspaceId: fake.credentials.workspaceId,
        ...(fake.control ? { control: fake.control.url, controlToken: fake.control.token } : {}),
      }) + '\n',
    );
    const signal = await io.untilSignal();
    io.stderr(`fake-central: ${signal} received, shutting down\n`);
    return 0;
  } finally {
    await fake.close();
  }
}

function logLine(r: CallRecord): string {
  const query = Object.keys(r.query).length
    ? '?' + new URLSearchParams(r.query as Record<string, string>).toString()
    : '';
  const fault = r.fault === undefined ? '' : ` fault=${r.fault}`;
  const secret = r.credentialSent ? ` CLIENT-SECRET-SENT=${r.credentialSent.join(',')}` : '';
  return `${r.seq} ${r.method} ${r.host}${r.path}${query} -> ${r.status} ${r.kind}${fault}${secret}\n`;
}
