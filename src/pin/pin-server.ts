import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { isNode, parseDocument } from 'yaml';
import { BenchError } from '../common/errors.js';
import { didYouMean } from '../common/did-you-mean.js';
import { loadComparedServers } from '../scenarios/compared-servers.js';
import {
  classificationCitations,
  scenarioCitations,
  type FoundCitation,
} from './collect-citations.js';
import { resolveCommit, showFile } from './git.js';
import { parseCitation, Reanchorer } from './reanchor.js';
import {
  applyEdits,
  replaceScalar,
  setLineComment,
  UNANCHORED,
  type TextEdit,
} from './yaml-edit.js';
import { retargetWorkflow } from './workflow-refs.js';
import { pyprojectVersion } from './pyproject-version.js';

/** What `pin` was asked: the server, its new commit, its git checkout and the bench root. */
export interface PinRequest {
  root: string;
  server: string;
  commit: string;
  repo: string;
}

/** One citation pin moved or could not. */
export interface CitationOutcome {
  file: string;
  line: number;
  from: string;
  /** The new citation; null when it could not be re-anchored (then `reason`). */
  to: string | null;
  reason?: string;
}

/** Everything `pin` changed, and what it could not. */
export interface PinResult {
  server: string;
  from: string;
  to: string;
  version: { from: string | null; to: string | null };
  /** Files written, relative to the root. */
  written: string[];
  citations: CitationOutcome[];
  notes: string[];
}

const SERVERS_FILE = 'scenarios/compared-servers.yml';
const WORKFLOW = '.github/workflows/head-to-head.yml';
const CLASSIFICATION = 'docs/benchmark-classification.yml';

async function suiteFiles(root: string): Promise<string[]> {
  const dir = join(root, 'scenarios');
  const names = await readdir(dir);
  return names
    .filter((n) => /\.ya?ml$/.test(n) && !n.startsWith('compared-servers.'))
    .sort()
    .map((n) => join('scenarios', n));
}

/** Re-anchors the citations of one file; returns its edits and their outcomes. */
async function reanchorFile(
  file: string,
  source: string,
  found: FoundCitation[],
  oldCommit: string,
  reanchorer: Reanchorer,
  to: string,
): Promise<{ edits: TextEdit[]; outcomes: CitationOutcome[] }> {
  const edits: TextEdit[] = [];
  const outcomes: CitationOutcome[] = [];
  for (const f of found) {
    const citation = parseCitation(f.value);
    // Another commit's citation (already marked, or of another server) is not this pin's.
    if (!citation || !oldCommit.startsWith(citation.sha)) continue;
    const result = await reanchorer.reanchor(citation);
    if (result.ok) {
      edits.push(replaceScalar(source, f.node, result.text));
      outcomes.push({ file, line: f.line, from: f.value, to: result.text });
    } else {
      edits.push(
        setLineComment(source, f.node, `${UNANCHORED} at ${to.slice(0, 7)}: ${result.reason}`),
      );
      outcomes.push({ file, line: f.line, from: f.value, to: null, reason: result.reason });
    }
  }
  return { edits, outcomes };
}

/**
 * Moves a compared server's pin: its commit (and version, from pyproject.toml at the new commit)
 * in scenarios/compared-servers.yml, its checkout ref in the head-to-head workflow, and every
 * `evidence` citation of it in the scenarios and the classification file, re-anchored to the
 * new commit through the server's git history. A citation that cannot be found there keeps its
 * old text and gets a `# unanchored at <sha>: <reason>` comment, which validate and publish
 * report as a warning until someone fixes it.
 */
export async function pinServer(request: PinRequest): Promise<PinResult> {
  const { root, server, repo } = request;
  const serversPath = join(root, SERVERS_FILE);
  const loaded = await loadComparedServers(serversPath, root);
  if (loaded.errors.length > 0) {
    const first = loaded.errors[0];
    throw new BenchError('usage', `${SERVERS_FILE} is invalid: ${first?.message ?? ''}`, {
      hint: `fix ${first?.file ?? SERVERS_FILE}:${first?.line ?? 1} first (hpe-mcp-bench validate)`,
    });
  }
  const entry = loaded.servers.find((s) => s.name === server);
  const names = loaded.servers.map((s) => s.name);
  if (!entry)
    throw new BenchError('usage', `unknown server "${server}" in ${SERVERS_FILE}`, {
      hint: `${didYouMean(server, names)}servers: ${names.join(', ')}`,
    });
  if (entry.kind !== 'github' || !entry.commit)
    throw new BenchError('usage', `${server} is a ${entry.kind} server: it has no commit to pin`, {
      hint: `pin moves the servers with kind: github in ${SERVERS_FILE}`,
    });
  if (!existsSync(join(repo, '.git')) && (await resolveCommit(repo, 'HEAD')) === null)
    throw new BenchError('usage', `--repo ${repo} is not a git checkout`, {
      hint: `clone ${entry.repo ?? server} there (git clone https://github.com/${entry.repo ?? ''} ${repo})`,
    });
  const from = entry.commit;
  const to = await resolveCommit(repo, request.commit);
  if (to === null)
    throw new BenchError('usage', `${request.commit} is not a commit in ${repo}`, {
      hint: `fetch it first: git -C ${repo} fetch origin ${request.commit}`,
    });
  if ((await resolveCommit(repo, from)) === null)
    throw new BenchError(
      'usage',
      `${server}'s pinned commit ${from.slice(0, 12)} is not in ${repo}`,
      {
        hint: `fetch it (git -C ${repo} fetch origin ${from}): the cited lines are found from it`,
      },
    );
  if (to === from)
    throw new BenchError('usage', `${server} is already pinned at ${to.slice(0, 12)}`);

  const notes: string[] = [];
  const written: string[] = [];
  const citations: CitationOutcome[] = [];
  const save = async (file: string, before: string, after: string): Promise<void> => {
    if (after === before) return;
    await writeFile(join(root, file), after);
    written.push(file);
  };

  // compared-servers.yml: commit and version, edited in place (comments and folding kept).
  const serversText = await readFile(serversPath, 'utf8');
  const doc = parseDocument(serversText);
  const edits: TextEdit[] = [];
  const commitNode = doc.getIn(['servers', server, 'commit'], true);
  if (isNode(commitNode)) edits.push(replaceScalar(serversText, commitNode, to));
  const version = pyprojectVersion(await showFile(repo, to, 'pyproject.toml'));
  const versionNode = doc.getIn(['servers', server, 'version'], true);
  if (version !== null && isNode(versionNode))
    edits.push(replaceScalar(serversText, versionNode, version));
  else if (version === null)
    notes.push(
      `version kept (${entry.version ?? 'none'}): pyproject.toml at ${to.slice(0, 7)} declares none`,
    );
  await save(SERVERS_FILE, serversText, applyEdits(serversText, edits));

  const workflowPath = join(root, WORKFLOW);
  if (existsSync(workflowPath)) {
    const text = await readFile(workflowPath, 'utf8');
    const moved = retargetWorkflow(text, entry.repo ?? '', from, to);
    if (moved === null)
      notes.push(`${WORKFLOW} has no checkout of ${entry.repo ?? server} at ${from.slice(0, 12)}`);
    else await save(WORKFLOW, text, moved);
  } else notes.push(`${WORKFLOW} not found: no workflow ref moved`);

  const reanchorer = new Reanchorer(repo, from, to);
  const files: [string, (text: string, server: string) => FoundCitation[]][] = [
    ...(await suiteFiles(root)).map((f): [string, typeof scenarioCitations] => [
      f,
      scenarioCitations,
    ]),
    ...(existsSync(join(root, CLASSIFICATION))
      ? [[CLASSIFICATION, classificationCitations] as [string, typeof classificationCitations]]
      : []),
  ];
  for (const [file, collect] of files) {
    const text = await readFile(join(root, file), 'utf8');
    const { edits: fileEdits, outcomes } = await reanchorFile(
      file,
      text,
      collect(text, server),
      from,
      reanchorer,
      to,
    );
    citations.push(...outcomes);
    await save(file, text, applyEdits(text, fileEdits));
  }
  return {
    server,
    from,
    to,
    version: { from: entry.version ?? null, to: version ?? entry.version ?? null },
    written: written.map((f) => relative(root, join(root, f))),
    citations,
    notes,
  };
}
