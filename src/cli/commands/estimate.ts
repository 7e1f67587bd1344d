import { noSecrets } from '../../common/secrets.js';
import { BenchError } from '../../common/errors.js';
import { flagName, resolveLlmSettings } from '../../llm/resolve-policy.js';
import { CLI_NAMING } from '../../run/request/bench-request.js';
import { estimateBench, inputTokens, type BenchEstimate } from '../../run/modes/estimate-bench.js';
import { prepareBench } from '../../run/prepare-bench.js';
import { createConsoleLogger } from '../console-logger.js';
import type { CliIo } from '../io.js';
import { intOption, parseCommandArgs } from '../parse-args.js';
import { selectionRequest } from './selection-request.js';

const HELP = `Usage: hpe-mcp-bench estimate --provider anthropic|openai --model ID [FILES|DIRS…]
                              [--config FILE] [--server NAME…] [--suite S…] [--scenario ID…]
                              [--runs N] [--root DIR] [--json] [--quiet]

Estimates what \`run --policy llm\` with the same selection would cost, before it starts: input and
output tokens and USD per server and in total, without and with prompt caching. No model is
asked and no key is needed: each selected scenario runs once under the scripted policy (its plan
is the path a model is expected to take), which gives the menu, the turns and the tool results;
the figures are that run's token counts (cl100k_base) scaled to --runs runs and priced at the
model's price (the built-in table or the bench config's prices:). Labelled estimated, never
measured; the provider's tokenizer and a model that strays from the plan make the real figures
differ (docs/model-runs.md). Exit 0, or 2 on a usage error.

Options:
  --provider NAME     anthropic | openai (its caching rules and wire format)
  --model ID          the pinned model id (its price and cache minimum)
  --runs N            runs per scenario of the model-driven bench (default 5)
  --config, --server, --suite, --scenario, --root   the selection, as for run
  --json              print the estimate as JSON
  --quiet             no progress lines
`;

export const ESTIMATE_FLAGS = {
  config: { type: 'string' },
  server: { type: 'string', multiple: true },
  suite: { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  runs: { type: 'string' },
  root: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const int = (n: number): string => n.toLocaleString('en-US');
const usd = (n: number | null): string => (n === null ? 'unknown' : `$${n.toFixed(4)}`);

/** The estimate as a table; every figure is estimated. */
export function renderEstimate(estimate: BenchEstimate): string {
  const head = [
    'server',
    'scenarios',
    'requests',
    'input tokens',
    'output tokens',
    'cost, no caching',
    'cached: read / written / full-price input',
    'cost, with caching',
  ];
  const rows = [...estimate.servers, ...(estimate.servers.length > 1 ? [estimate.total] : [])].map(
    (e) => [
      e.server,
      int(e.scenarios),
      int(e.requests),
      int(inputTokens(e.uncached)),
      int(e.uncached.output),
      usd(e.cost_usd.uncached),
      `${int(e.cached.cache_read)} / ${int(e.cached.cache_write)} / ${int(e.cached.input)}`,
      usd(e.cost_usd.cached),
    ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const price = estimate.price
    ? `at $${estimate.price.input}/M input, $${estimate.price.output}/M output, $${estimate.price.cache_read}/M cache reads, $${estimate.price.cache_write}/M cache writes (${estimate.price.source}, ${estimate.price.as_of})`
    : `no price is known for ${estimate.model}: add it under prices: in the bench config`;
  const lines = [
    `estimated: ${estimate.provider} ${estimate.model}, ${estimate.runs} run(s) per scenario, ${price}`,
    '',
    line(head),
    ...rows.map(line),
    '',
    `Token counts are ${estimate.tokenizer} counts of one scripted run per scenario; caching assumes a warm cache and prefixes of at least ${int(estimate.min_cache_tokens)} tokens.`,
  ];
  for (const s of estimate.skipped)
    lines.push(`not estimated: ${s.server} ${s.scenario} (${s.reason})`);
  return `${lines.join('\n')}\n`;
}

/** `hpe-mcp-bench estimate`: the expected tokens and cost of a model-driven bench. */
export async function estimateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('estimate', args, ESTIMATE_FLAGS, true);
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const settings = resolveLlmSettings({ provider: values.provider, model: values.model }, flagName);
  const runs = intOption('estimate', 'runs', values.runs, 5);
  if (runs < 1)
    throw new BenchError('usage', `estimate: --runs must be at least 1, got "${values.runs}"`);
  const prepared = await prepareBench({
    ...selectionRequest(values, positionals, io),
    // One scripted run per scenario is all the estimate needs.
    runs: 1,
    allowFewRuns: true,
    faults: null,
    resilience: false,
    policy: {},
    budget: {},
    env: io.env,
    secrets: io.secrets ?? noSecrets(),
    naming: CLI_NAMING,
  });
  const tty = io.stderrIsTTY === true && io.env.CI === undefined;
  const logger = createConsoleLogger({ write: io.stderr, tty, quiet: values.quiet === true });
  // The scripted pass writes no report, so run's warning about too few runs is not for here.
  const quietFewRuns = {
    ...logger,
    warn: (message: string) => {
      if (!message.includes('not eligible for gating')) logger.warn(message);
    },
  };
  const report = await prepared.run({ logger: quietFewRuns });
  logger.end();
  const estimate = estimateBench({
    report,
    scenarios: prepared.options.scenarios,
    settings,
    runs,
    ...(prepared.options.prices ? { prices: prepared.options.prices } : {}),
  });
  io.stdout(values.json ? `${JSON.stringify(estimate, null, 2)}\n` : renderEstimate(estimate));
  return 0;
}
