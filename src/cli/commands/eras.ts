import { dirname, resolve } from 'node:path';
import { BenchError } from '../../common/errors.js';
import { eraVariantName } from '../../config/era-variant.js';
import { loadBenchConfig } from '../../config/load-bench-config.js';
import { SANDBOX_MODES, type SandboxMode } from '../../config/types.js';
import { eraSupport } from '../../servers/launch/era-support.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench eras --config FILE [--server NAME]... [--sandbox auto|on|off] [--json]

Asks each server of the bench config which MCP eras it opens a session in: once as the runs do
(server/discover for 2026-07-28, else the 2025 initialize), and when that gave 2026-07-28, once
more with the 2025 initialize only. A server that opens both is dual-era: scripts/h2h/run.sh
then runs it a second time as NAME@2025-11-25 (the same launch with protocol: legacy), so the
page can rank every server on a common era. Nothing is called; each session lists its tools.
Prints one line per server: NAME, the revisions it speaks, and the NAME@2025-11-25 entry to run
when it is dual-era (--json: one JSON object per line).
Exit 0 when every server started in at least one era; 3 when one did not (named).

Options:
  --config FILE     the bench config (required)
  --server NAME     a server of it (repeatable; default every server)
  --sandbox MODE    as for run (default the config's sandbox:, else auto)
  --json            JSON lines: {"server","revisions","dual","variant","failure"}
`;

/** `hpe-mcp-bench eras`: which MCP eras each server speaks (the head-to-head's detection). */
export async function erasCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs('eras', args, {
    config: { type: 'string' },
    server: { type: 'string', multiple: true },
    sandbox: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (values.config === undefined) {
    throw new BenchError('usage', 'eras needs --config FILE', {
      hint: "run 'hpe-mcp-bench eras --help'",
    });
  }
  const sandbox = values.sandbox;
  if (sandbox !== undefined && !(SANDBOX_MODES as readonly string[]).includes(sandbox)) {
    throw new BenchError('usage', `--sandbox must be auto, on or off, got "${sandbox}"`, {
      hint: "run 'hpe-mcp-bench eras --help'",
    });
  }
  const file = resolve(io.cwd, values.config);
  const config = await loadBenchConfig(file);
  const known = Object.keys(config.servers);
  const servers = values.server ?? known;
  for (const server of servers) {
    if (!known.includes(server)) {
      throw new BenchError('usage', `--server "${server}" is not in ${values.config}`, {
        hint: `servers: ${known.join(', ')}`,
      });
    }
  }
  const mode = (sandbox as SandboxMode | undefined) ?? config.sandbox;
  let failed = false;
  for (const server of servers) {
    const serverConfig = config.servers[server];
    if (serverConfig === undefined) continue; // checked above
    const found = await eraSupport({
      server,
      config: serverConfig,
      baseDir: dirname(file),
      ...(mode === undefined ? {} : { sandbox: mode }),
    });
    const variant = found.dual ? eraVariantName(server) : null;
    if (found.revisions.length === 0) failed = true;
    if (values.json) {
      io.stdout(`${JSON.stringify({ ...found, variant })}\n`);
    } else {
      const speaks =
        found.revisions.length === 0 ? 'did not start' : `speaks ${found.revisions.join(' and ')}`;
      const why = found.failure === null ? '' : ` (${found.failure.split('\n')[0]})`;
      io.stdout(`${server}: ${speaks}${variant === null ? '' : `: run ${variant} too`}${why}\n`);
    }
  }
  return failed ? 3 : 0;
}
