import { resolve } from 'node:path';
import { BenchError } from '../../common/errors.js';
import { packageRoot } from '../../common/package-root.js';
import { pinServer } from '../../pin/pin-server.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench pin NAME COMMIT --repo DIR [--root DIR]

Moves a compared server's pin to COMMIT: its commit (and version, from pyproject.toml at COMMIT)
in scenarios/compared-servers.yml, its checkout ref in .github/workflows/head-to-head.yml, and
every evidence line citing it in scenarios/*.yaml and docs/benchmark-classification.yml,
re-anchored (path:line@sha) to where the cited lines are at COMMIT, found through the server's
git history in DIR. A line that cannot be found keeps its citation and gets a
"# unanchored at SHA: reason" comment: validate and publish warn about it until it is fixed.
Exit 0: moved (unanchored lines are listed); 2: usage (unknown server, a commit not in DIR).

Options:
  --repo DIR   a git checkout of the server with both the pinned commit and COMMIT (required)
  --root DIR   the bench tree to edit (default: this package)
`;

/** `hpe-mcp-bench pin`: move one compared server to a new commit, citations included. */
export async function pinCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'pin',
    args,
    { repo: { type: 'string' }, root: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    true,
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  const [server, commit, ...extra] = positionals;
  if (server === undefined || commit === undefined || extra.length > 0 || !values.repo)
    throw new BenchError(
      'usage',
      `pin needs NAME COMMIT --repo DIR${extra.length > 0 ? ` (got ${positionals.length} arguments: ${positionals.join(' ')})` : ''}`,
      { hint: "run 'hpe-mcp-bench pin --help'" },
    );
  const root = values.root === undefined ? packageRoot() : resolve(io.cwd, values.root);
  const result = await pinServer({ root, server, commit, repo: resolve(io.cwd, values.repo) });
  const short = (sha: string): string => sha.slice(0, 12);
  io.stdout(
    `${result.server}: ${short(result.from)} → ${short(result.to)}` +
      (result.version.from !== result.version.to
        ? ` (version ${result.version.from ?? 'none'} → ${result.version.to ?? 'none'})`
        : '') +
      '\n',
  );
  const moved = result.citations.filter((c) => c.to !== null);
  const stuck = result.citations.filter((c) => c.to === null);
  for (const c of moved) io.stdout(`  ${c.file}:${c.line}: ${c.from} → ${c.to}\n`);
  for (const c of stuck)
    io.stdout(`  unanchored: ${c.file}:${c.line}: ${c.from}: ${c.reason ?? ''}\n`);
  for (const note of result.notes) io.stdout(`  note: ${note}\n`);
  io.stdout(
    `${moved.length} citation(s) re-anchored, ${stuck.length} unanchored` +
      (stuck.length > 0
        ? ' (marked "# unanchored": validate warns until each is fixed by hand)'
        : '') +
      `; wrote ${result.written.join(', ') || 'nothing'}\n`,
  );
  return 0;
}
