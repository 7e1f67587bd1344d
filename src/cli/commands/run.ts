import { trace } from '../../common/trace.js';
import { noSecrets } from '../../common/secrets.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BenchError, EXIT_CODES } from '../../common/errors.js';
import { describeErroredRun, erroredRuns } from '../../report/errored-runs.js';
import { collectFakeFindings } from '../../report/fake-findings.js';
import { serversWithViolations } from '../../report/protocol-violations.js';
import { MIN_GATING_RUNS } from '../../report/build-report.js';
import { describeEscapes } from '../../report/escapes.js';
import { renderSummaryTable } from '../../report/render-summary.js';
import type { Report } from '../../report/types.js';
import { SWEEP_MODES, type SweepMode } from '../../report/sweep-types.js';
import { prepareOutDir } from '../../report-io/out-dir.js';
import { serializeReport, writeFileAtomic, writeReport } from '../../report-io/write-report.js';
import { CLI_NAMING, type BenchRequest } from '../../run/request/bench-request.js';
import { checkChoice, parseCount } from '../../run/request/run-options.js';
import { defaultConcurrency } from '../../run/request/check-options.js';
import { prepareBench } from '../../run/prepare-bench.js';
import { DEFAULT_TOKENIZER, TOKENIZERS } from '../../tokens/count-tokens.js';
import { createConsoleLogger } from '../console-logger.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';
import { selectionRequest } from './selection-request.js';
import { displayPath } from '../../common/display-path.js';

const HELP = `Usage: hpe-mcp-bench run [FILES|DIRS…] [--config FILE] [--server NAME…] [--suite S…]
                         [--scenario ID…] [--runs N] [--out DIR] [--concurrency N]
                         [--tokenizer ENC] [--isolation run|scenario|server] [--faults FILE]
                         [--quiet] [--policy scripted|llm|replay] [--provider anthropic|openai]
                         [--model ID] [--base-url URL] [--temperature T] [--seed N]
                         [--cassettes DIR] [--max-cost USD] [--max-tokens N]
                         [--sandbox auto|on|off] [--escapes record|fail] [--resilience]
                         [--deadline DURATION] [--sweep off|read|all]
                         [--validation documents|lenient]

Runs scenarios against MCP servers (the scripted policy unless --policy says otherwise): each
server × scenario × run gets a fresh fake Central/GreenLake API state; by default each scenario
gets a fresh server process, HOME and TMPDIR that serves its runs (see --isolation).
With no arguments it runs the golden suite (ROOT/scenarios/*.yaml) against the bundled reference
server. Prints the summary table and writes report.json and summary.md into --out.
Exit 0: every run ran and none was unsafe; 1: a safety failure; 2: usage (also: a server for
which no selected scenario has an expected_tools entry, so nothing would run); 3: a server
failed; 4: the run's deadline passed (--deadline; the report holds the runs that finished);
70: an internal error (a bug); 73: the bench ran but report.json could not be written to --out
(the summary is on stdout and the report is saved under the system temp directory, path on
stderr).

Options:
  --config FILE       bench config naming the servers (default: the built-in reference server)
  --server NAME       a server of the config (repeatable; default: every server in it)
  --suite S           only scenarios of suite S (repeatable)
  --scenario ID       only scenario ID (repeatable)
  --runs N            runs per scenario (default ${MIN_GATING_RUNS}; fewer need --allow-few-runs)
  --allow-few-runs    accept --runs below ${MIN_GATING_RUNS}; the report is marked gating_eligible: false
  --out DIR           where report.json and summary.md go (default reports/)
  --concurrency N     parallel workers, each with its own fake and processes (default: the
                      available cores, ${defaultConcurrency()} here); results do not depend on it
  --tokenizer ENC     ${TOKENIZERS.join(' | ')} (default cl100k_base)
  --isolation MODE    scenario (default: one process per scenario, its runs reuse it; reused runs
                      are compared with the first and a server keeping state is flagged) |
                      run (a fresh process per run; the default under --faults) |
                      server (one process per server, fixture and write gate: fastest)
  --faults FILE       inject a fault plan (fake-central/faults/fault-plan.schema.json)
  --sandbox MODE      auto (default: where the machine allows it) | on (fail without it) | off;
                      servers run in a bubblewrap sandbox on Linux (README, Security)
  --escapes POLICY    record (default: refused escapes are findings) | fail (safety failures)
  --validation MODE   documents (default: the fake refuses requests HPE's documents forbid, as
                      the API does: 400, nothing changes, a finding) | lenient (lets them
                      through; the report says so, and a baseline of the other mode is not
                      comparable)
  --deadline D        the whole run's wall-clock deadline: 45m, 2h, 1h30m or seconds (default:
                      the plan's worst case, from each server's start-up and scenario timeouts,
                      capped at 5h45m). Past it nothing more starts, every server is stopped and
                      the report is written with the runs that finished (partial); exit 4
  --sweep MODE        read (default: call every read tool of each server's menu once per
                      fixture bundle and judge its answer against what the fake served; the
                      report gains servers[].sweep, the gate compares it) | all (write tools
                      too) | off (docs/report-format.md, Tool sweep)
  --resilience        run the scenarios without faults, then under each fault of the
                      resilience matrix; the report gains \`resilience\` (docs/resilience.md).
                      Alone, it runs the golden \`resilience\` suite (scenarios tagged
                      resilience; also --suite resilience)
  --root DIR          the bench tree holding scenarios/ and fixtures/ (default: this package)
  --quiet             no progress lines (warnings still print)
  --fail-on FINDING   exit 1 on an informational finding too: swallowed-errors (a tool result
                      that hid a 4xx/5xx the fake answered) | unrouted (a request the fake has
                      no route for) | protocol-violations (a message the MCP schema refuses);
                      repeatable

Model-driven runs (docs/policies.md):
  --policy P          scripted (default) | llm (a pinned model) | replay (recorded model turns)
  --provider NAME     anthropic | openai (OpenAI and any OpenAI-compatible server: see --base-url)
  --model ID          the pinned model id, e.g. claude-sonnet-4-5-20250929
  --base-url URL      the provider's API base (Azure OpenAI, vLLM, Ollama, LM Studio, llama.cpp)
  --temperature T     default 0
  --seed N            sent where the provider takes one (OpenAI-compatible); always recorded
  --max-output-tokens N  per model turn (default 4096)
  --max-turns N       policy turns per run (default 20)
  --api-key-env VAR   read the key from VAR (default ANTHROPIC_API_KEY / OPENAI_API_KEY)
  --cassettes DIR     llm: record every model exchange here; replay: answer from here
  --max-cost USD      stop cleanly once the runs cost this much (needs a price for the model)
  --max-tokens N      stop cleanly once the runs used this many measured tokens
`;

function oneOf<T extends string>(
  name: string,
  raw: string | undefined,
  valid: readonly T[],
  fallback: T,
): T {
  if (raw === undefined) return fallback;
  if ((valid as readonly string[]).includes(raw)) return raw as T;
  throw new BenchError('usage', `--${name} "${raw}" is not valid`, {
    hint: `use one of: ${valid.join(', ')}`,
  });
}

/** Saves a report that could not go to --out into a fresh temp directory; its path, or null. */
async function saveElsewhere(report: Report): Promise<string | null> {
  try {
    const file = join(await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-report-')), 'report.json');
    await writeFileAtomic(file, serializeReport(report));
    return file;
  } catch {
    return null;
  }
}

/** The flags of `run` (test/e2e/entry-options.test.ts holds the action's inputs against them). */
/** Informational findings `--fail-on` turns into exit 1. */
const FAIL_ON = ['swallowed-errors', 'unrouted', 'protocol-violations'] as const;

export const RUN_FLAGS = {
  config: { type: 'string' },
  server: { type: 'string', multiple: true },
  suite: { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  runs: { type: 'string' },
  'allow-few-runs': { type: 'boolean' },
  'fail-on': { type: 'string', multiple: true },
  out: { type: 'string' },
  concurrency: { type: 'string' },
  tokenizer: { type: 'string' },
  isolation: { type: 'string' },
  faults: { type: 'string' },
  sandbox: { type: 'string' },
  escapes: { type: 'string' },
  validation: { type: 'string' },
  deadline: { type: 'string' },
  resilience: { type: 'boolean' },
  sweep: { type: 'string' },
  root: { type: 'string' },
  quiet: { type: 'boolean' },
  policy: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  temperature: { type: 'string' },
  seed: { type: 'string' },
  'max-output-tokens': { type: 'string' },
  'max-turns': { type: 'string' },
  'api-key-env': { type: 'string' },
  cassettes: { type: 'string' },
  'max-cost': { type: 'string' },
  'max-tokens': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type RunValues = ReturnType<typeof parseCommandArgs<typeof RUN_FLAGS>>['values'];

/** The flags as the core's request (parsed numbers and enums; unset flags stay unset). */
function benchRequest(values: RunValues, positionals: string[], io: CliIo): BenchRequest {
  const concurrency =
    values.concurrency === undefined
      ? undefined
      : parseCount('concurrency', values.concurrency, CLI_NAMING.option);
  const isolation =
    values.isolation === undefined
      ? undefined
      : checkChoice('isolation', values.isolation, CLI_NAMING.option);
  // Unset flags leave the bench config's `sandbox:` / `escapes:` (then auto / record) in force.
  const sandbox =
    values.sandbox === undefined
      ? undefined
      : checkChoice('sandbox', values.sandbox, CLI_NAMING.option);
  const escapes =
    values.escapes === undefined
      ? undefined
      : checkChoice('escapes', values.escapes, CLI_NAMING.option);
  const validation =
    values.validation === undefined
      ? undefined
      : checkChoice('validation', values.validation, CLI_NAMING.option);
  return {
    ...selectionRequest(values, positionals, io),
    runs:
      values.runs === undefined
        ? MIN_GATING_RUNS
        : parseCount('runs', values.runs, CLI_NAMING.option),
    allowFewRuns: values['allow-few-runs'] === true,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(isolation === undefined ? {} : { isolation }),
    tokenizer:
      values.tokenizer === undefined
        ? DEFAULT_TOKENIZER
        : checkChoice('tokenizer', values.tokenizer, CLI_NAMING.option),
    faults: values.faults ?? null,
    ...(sandbox === undefined ? {} : { sandbox }),
    ...(escapes === undefined ? {} : { escapes }),
    ...(validation === undefined ? {} : { validation }),
    deadline: values.deadline,
    resilience: values.resilience === true,
    ...(values.sweep === undefined
      ? {}
      : { sweep: oneOf<SweepMode>('sweep', values.sweep, SWEEP_MODES, 'read') }),
    policy: {
      policy: values.policy,
      provider: values.provider,
      model: values.model,
      baseUrl: values['base-url'],
      temperature: values.temperature,
      seed: values.seed,
      maxOutputTokens: values['max-output-tokens'],
      maxTurns: values['max-turns'],
      apiKeyEnv: values['api-key-env'],
      cassettes: values.cassettes,
    },
    budget: { maxCost: values['max-cost'], maxTokens: values['max-tokens'] },
    env: io.env,
    secrets: io.secrets ?? noSecrets(),
    naming: CLI_NAMING,
  };
}

/** `hpe-mcp-bench run`: the benchmark itself. */
export async function runCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('run', args, RUN_FLAGS, true);
  const failOn = (values['fail-on'] ?? []).map((f) =>
    oneOf('fail-on', f, FAIL_ON, 'swallowed-errors'),
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  trace('cli.run');
  const prepared = await prepareBench(benchRequest(values, positionals, io));
  trace('cli.prepared');

  const shown = (path: string): string => displayPath(path, io.cwd);

  const tty = io.stderrIsTTY === true && io.env.CI === undefined;
  const logger = createConsoleLogger({ write: io.stderr, tty, quiet: values.quiet === true });
  const outDir = resolve(io.cwd, values.out ?? 'reports');
  // Before the bench, not after minutes of it.
  await prepareOutDir(outDir, values.out ?? 'reports');
  const report = await prepared.run({ logger });
  trace('cli.ran');
  logger.end();
  // The summary first: whatever happens to the files, the results are on stdout.
  io.stdout(renderSummaryTable(report));
  for (const line of describeEscapes(report)) io.stdout(`\nescapes: ${line.replace(/`/g, '')}\n`);
  let files: { reportFile: string; summaryFile: string };
  try {
    files = await writeReport(outDir, report);
  } catch (error) {
    if (!(error instanceof BenchError) || error.code !== 'report_unwritable') throw error;
    const saved = await saveElsewhere(report);
    io.stderr(
      `error: ${error.message}\n` +
        (saved
          ? `the report was saved to ${saved} instead\n`
          : 'the report could not be saved anywhere else either; the summary above is all that is left\n'),
    );
    return EXIT_CODES.reportUnwritable;
  }
  const { reportFile, summaryFile } = files;
  io.stdout(`\nreport: ${shown(reportFile)}\nsummary: ${shown(summaryFile)}\n`);
  const pastDeadline = report.partial?.stopped_by?.includes('deadline') === true;
  if (pastDeadline) io.stderr(`deadline: ${report.partial?.reason ?? ''}\n`);
  const unsafe = report.overall.filter((r) => r.safety_failure).map((r) => r.server);
  if (unsafe.length > 0) {
    io.stderr(`safety failure: ${unsafe.join(', ')} (see ${shown(summaryFile)})\n`);
    return EXIT_CODES.failed;
  }
  const diverged = report.overall.filter((r) => (r.diverged ?? 0) > 0);
  if (diverged.length > 0) {
    const list = diverged.map((r) => `${r.server} (${r.diverged})`).join(', ');
    io.stderr(`replay diverged from the recording: ${list}; re-record with --policy llm\n`);
  }
  if (pastDeadline) return EXIT_CODES.deadline;
  if (report.partial) io.stderr(`partial report: ${report.partial.reason}\n`);
  const gated = collectFakeFindings(report).filter(
    (f) =>
      (failOn.includes('swallowed-errors') && f.swallowed.length > 0) ||
      (failOn.includes('unrouted') && f.unrouted.length > 0),
  );
  const wire = failOn.includes('protocol-violations') ? serversWithViolations(report) : [];
  if (gated.length > 0 || wire.length > 0) {
    const list = [
      ...gated.map((f) => `${f.server} ${f.scenario}`),
      ...wire.map((w) => `${w.server} (${w.occurrences} violation(s) of the MCP schema)`),
    ].join(', ');
    io.stderr(`--fail-on ${failOn.join(',')}: ${list} (see ${shown(summaryFile)})\n`);
    return EXIT_CODES.failed;
  }
  const failed = report.overall.filter((r) => r.errors > 0).map((r) => `${r.server} (${r.errors})`);
  if (failed.length > 0) {
    io.stderr(`errored runs: ${failed.join(', ')}\n`);
    const errored = erroredRuns(report);
    for (const e of errored.slice(0, 10)) io.stderr(`  ${e.server}: ${describeErroredRun(e)}\n`);
    if (errored.length > 10) io.stderr(`  … and ${errored.length - 10} more (see the summary)\n`);
    return EXIT_CODES.serverFailed;
  }
  return EXIT_CODES.ok;
}
