import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BenchError, EXIT_CODES } from '../../common/errors.js';
import { gate } from '../../gate/gate.js';
import { DEFAULT_THRESHOLDS, parseThresholds, THRESHOLD_KEYS } from '../../gate/thresholds.js';
import { readReport } from '../../report-io/read-report.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench compare --baseline BASE.json REPORT.json [--thresholds FILE]
                             [--baseline-sha SHA] [--json] [--out FILE]

The per-PR gate of the GitHub Action, for any CI (GitLab CI, Jenkins) or a laptop: compares
REPORT.json (this change) with BASE.json (the default branch) and prints the PR comment markdown.
Both reports are validated (and upgraded from older schema versions) when read.
Exit 0: pass; 1: the gate fails (a safety failure, errored runs, fewer than 5 runs, or a
regression beyond the thresholds); 2: usage or a file that is not a report; 73: --out cannot be written.

Options:
  --baseline FILE     the baseline report.json (required)
  --thresholds FILE   YAML with ${THRESHOLD_KEYS.join(', ')}
                      (e.g. "token-usage: 5%"; default token-usage 10%, api-call-count 0%,
                      task-success-drop 0, latency-p95 off)
  --baseline-sha SHA  the baseline's commit, shown in the comment (default: the commit the
                      baseline report records for its first server, else the file name)
  --json              print {verdict, comment, summary} as JSON instead of the markdown
  --out FILE          also write the comment markdown to FILE (its directory is created)
`;

/** Writes the comment to --out, creating its directory as `run --out` does; a failure names the path. */
async function writeComment(path: string, given: string, comment: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, comment);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new BenchError(
      'report_unwritable',
      `--out ${given}: cannot write the comment (${code})`,
      {
        hint: 'pick a path whose directory can be created and written; the comment is on stdout above',
      },
    );
  }
}

/** `hpe-mcp-bench compare`: the core gate on two report files. */
export async function compareCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'compare',
    args,
    {
      baseline: { type: 'string' },
      thresholds: { type: 'string' },
      'baseline-sha': { type: 'string' },
      json: { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (values.baseline === undefined || positionals.length !== 1) {
    throw new BenchError(
      'usage',
      `compare needs --baseline BASE.json and exactly one REPORT.json${positionals.length > 1 ? ` (got ${positionals.length}: ${positionals.join(', ')})` : ''}`,
      { hint: "run 'hpe-mcp-bench compare --help'" },
    );
  }
  const at = (path: string): string => resolve(io.cwd, path);
  let thresholds = DEFAULT_THRESHOLDS;
  if (values.thresholds !== undefined) {
    const file = values.thresholds;
    const text = await readFile(at(file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new BenchError(
        'usage',
        `--thresholds ${file}: cannot read it (${error.code ?? error.message})`,
      );
    });
    thresholds = parseThresholds(text, {
      name: file,
      hint: `fix ${file}: keys ${THRESHOLD_KEYS.join(', ')}, each a percentage like 10%, a number, or off`,
    });
  }
  const [base, report] = await Promise.all([
    readReport(at(values.baseline)),
    readReport(at(positionals[0] ?? '')),
  ]);
  const sha =
    values['baseline-sha'] ?? base.servers.find((s) => s.git)?.git?.sha ?? values.baseline;
  const result = gate(
    report,
    { report: base, sha, savedAt: base.generated_at, now: Date.parse(report.generated_at) },
    thresholds,
  );
  io.stdout(values.json === true ? JSON.stringify(result, null, 2) + '\n' : result.comment);
  if (values.out !== undefined) await writeComment(at(values.out), values.out, result.comment);
  return result.verdict.status === 'fail' ? EXIT_CODES.failed : EXIT_CODES.ok;
}
