import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  defaultServersFile,
  loadComparedServers,
  type ComparedServer,
} from '../../../src/scenarios/compared-servers.js';
import { loadScenarios, type LoadResult } from '../../../src/scenarios/load-scenarios.js';
import { formatScenarioError } from '../../../src/scenarios/types.js';

/** The miniature bench tree of the tests (its bundle `fixtures/central/tiny`). */
export const TEST_ROOT = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The header every suite file starts with. */
export const HEADER = '# yaml-language-server: $schema=./scenario.schema.json\n';

/**
 * A valid scenario against the tiny bundle; tests break one thing at a time. With HEADER on
 * line 1, its lines are: 2 id, 3 intent, 4 platform, 5 fixture, 6 write_gate, 7 expected_tools,
 * 8 karthik, 9 expect, 10 api_calls, 11 must_not_call, 12 facts, 13 clientMac, 14 evidence,
 * 15 plans, 16 karthik, 17 - tool, 18 arguments.
 */
export const VALID = `id: ok-001
intent: Why can the lobby kiosk not join the Corp WLAN?
platform: central
fixture: fixtures/central/tiny
write_gate: read
expected_tools:
  karthik: [central_find_client]
expect:
  api_calls: [GET /network-monitoring/v1/clients/*]
  must_not_call: [POST /network-config/**]
  facts:
    clientMac: 3c:a6:2f:11:22:33
evidence: tools/clients.py:94@4a947a4
plans:
  karthik:
    - tool: central_find_client
      arguments: { mac: 3c:a6:2f:11:22:33 }
`;

let servers: ComparedServer[] | undefined;

/** The repository's real compared set. */
export async function comparedServers(): Promise<ComparedServer[]> {
  if (!servers) {
    const loaded = await loadComparedServers(defaultServersFile());
    if (loaded.errors.length) throw new Error(loaded.errors.map(formatScenarioError).join('\n'));
    servers = loaded.servers;
  }
  return servers;
}

/** Writes `files` (name → text) to a fresh temp directory and returns its path. */
export async function writeTree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'scenarios-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

/**
 * Loads `files` from a temp directory against the tiny bundle and the real compared set; error
 * file names are relative to that directory.
 */
export async function loadFiles(
  files: Record<string, string>,
  paths: string[] = Object.keys(files),
): Promise<LoadResult & { lines: string[] }> {
  const cwd = await writeTree(files);
  const result = await loadScenarios(paths, {
    cwd,
    root: TEST_ROOT,
    servers: await comparedServers(),
    serversFile: 'compared-servers.yml',
  });
  return { ...result, lines: result.errors.map(formatScenarioError) };
}
