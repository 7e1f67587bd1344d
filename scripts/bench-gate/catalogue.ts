/**
 * The catalogue of planted regressions (`planted.yml` beside this file): small patches of the
 * two reference servers of the kind a real pull request makes, each an exact find → replace in
 * one of the server's source files. Loading checks every entry against the current sources: a
 * find text that is not in its file exactly once, an unknown kind or a tool the server does not
 * define is an error naming the catalogue's line, so the catalogue cannot rot silently when the
 * servers change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from '../../src/common/did-you-mean.js';
import { formatScenarioError, type ScenarioError } from '../../src/common/source-error.js';
import { errorAt, parseYamlDocuments, type YamlDocument } from '../../src/common/yaml-source.js';

/** The regression kinds, as a reviewer would name the PR's mistake. */
export const PLANT_KINDS = [
  'wrong-path',
  'wrong-filter',
  'dropped-filter',
  'pagination-cut',
  'error-swallowed',
  'wrong-field',
  'wrong-enum',
  'write-wrong-id',
  'write-wrong-body',
  'tool-removed',
  'timeout',
  'leaked-header',
] as const;
export type PlantKind = (typeof PLANT_KINDS)[number];

/** The two reference servers, by their folder under `examples/`. */
export const PLANT_SERVERS = {
  python: 'examples/python-reference-server',
  typescript: 'examples/reference-server',
} as const;
export type PlantServer = keyof typeof PLANT_SERVERS;

/** `*`: the patch changes every tool's code path (the HTTP client, the error wrapper). */
export const EVERY_TOOL = '*';

export interface Patch {
  /** Relative to the server's folder. */
  file: string;
  find: string;
  replace: string;
}

export interface Plant {
  id: string;
  server: PlantServer;
  kind: PlantKind;
  /** The MCP tool(s) the patch breaks; `*` for every tool. */
  tools: string[];
  /** The PR's story, one line. */
  why: string;
  patches: Patch[];
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads a server's source file (relative to the package root); null when it does not exist. */
export type SourceReader = (path: string) => string | null;

export const readSource =
  (root: string): SourceReader =>
  (path) => {
    try {
      return readFileSync(join(root, path), 'utf8');
    } catch {
      return null;
    }
  };

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at !== -1; at = text.indexOf(find, at + 1)) count += 1;
  return count;
}

/** A tool a server defines: its name as a quoted literal in one of its tool files. */
function definesTool(read: SourceReader, server: PlantServer, tool: string, files: string[]) {
  return files.some((f) => {
    const text = read(`${PLANT_SERVERS[server]}/${f}`) ?? '';
    return text.includes(`'${tool}'`) || text.includes(`"${tool}"`);
  });
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Checks one entry; the plant, or null with errors pushed. */
function checkEntry(
  source: YamlDocument,
  raw: unknown,
  index: number,
  seen: Set<string>,
  read: SourceReader,
  toolFiles: Record<PlantServer, string[]>,
  errors: ScenarioError[],
): Plant | null {
  const at = (path: (string | number)[], message: string, hint?: string) =>
    errors.push(errorAt(source, ['plants', index, ...path], message, { hint }));
  const before = errors.length;
  const entry = (raw ?? {}) as Record<string, unknown>;
  const id = str(entry.id);
  if (!id || !ID.test(id)) at(['id'], 'id must be kebab-case (e.g. py-clients-one-page)');
  else if (seen.has(id)) at(['id'], `id ${id} appears twice`);
  else seen.add(id);
  const server = str(entry.server);
  const servers = Object.keys(PLANT_SERVERS);
  if (!server || !servers.includes(server))
    at(
      ['server'],
      `server must be one of ${servers.join(', ')}`,
      didYouMean(server ?? '', servers),
    );
  const kind = str(entry.kind);
  if (!kind || !(PLANT_KINDS as readonly string[]).includes(kind))
    at(
      ['kind'],
      `unknown kind "${kind ?? ''}"`,
      `${didYouMean(kind ?? '', PLANT_KINDS)}kinds: ${PLANT_KINDS.join(', ')}`,
    );
  const tools = Array.isArray(entry.tools) ? entry.tools.map(str) : [str(entry.tool)];
  if (tools.length === 0 || tools.some((t) => t === null))
    at(['tool'], 'tool must name the MCP tool the patch breaks (or "*")');
  const why = str(entry.why);
  if (!why) at(['why'], "why must give the PR's story in one line");
  const patches = Array.isArray(entry.patches) ? (entry.patches as unknown[]) : [];
  if (patches.length === 0) at(['patches'], 'patches must list at least one find → replace');
  if (errors.length > before || !server) return null;
  const srv = server as PlantServer;
  for (const t of tools as string[])
    if (t !== EVERY_TOOL && !definesTool(read, srv, t, toolFiles[srv]))
      at(['tool'], `${srv} reference server defines no tool "${t}"`);
  const checked: Patch[] = [];
  patches.forEach((p, i) => {
    const patch = (p ?? {}) as Record<string, unknown>;
    const file = str(patch.file);
    const find = str(patch.find);
    const replace = typeof patch.replace === 'string' ? patch.replace : null;
    if (!file || !find || replace === null) {
      at(['patches', i], 'a patch needs file, find (non-empty) and replace');
      return;
    }
    const path = `${PLANT_SERVERS[srv]}/${file}`;
    const text = read(path);
    if (text === null) {
      at(['patches', i, 'file'], `${path} does not exist`);
      return;
    }
    if (find === replace) {
      at(['patches', i, 'replace'], 'replace equals find: the patch changes nothing');
      return;
    }
    const n = occurrences(text, find);
    if (n !== 1) {
      at(
        ['patches', i, 'find'],
        n === 0
          ? `the find text is no longer in ${path}`
          : `the find text occurs ${n} times in ${path}; it must be unique`,
        n === 0
          ? 'the server changed: update the find text to the code as it is now (keep the regression the same)'
          : 'take in more of the surrounding line so it names one place',
      );
      return;
    }
    checked.push({ file, find, replace });
  });
  if (errors.length > before) return null;
  return {
    id: id as string,
    server: srv,
    kind: kind as PlantKind,
    tools: tools as string[],
    why: why as string,
    patches: checked,
  };
}

/** The tool files of each server, where `definesTool` looks for a tool's name. */
export const TOOL_FILES: Record<PlantServer, string[]> = {
  python: [
    'hpe_reference_py/tools/alerts.py',
    'hpe_reference_py/tools/client_diagnosis.py',
    'hpe_reference_py/tools/config_compliance.py',
    'hpe_reference_py/tools/firmware.py',
    'hpe_reference_py/tools/incident_response.py',
    'hpe_reference_py/tools/site_device_health.py',
    'hpe_reference_py/tools/wlans.py',
  ],
  typescript: [
    'tools/alerts.ts',
    'tools/client-diagnosis.ts',
    'tools/config-compliance.ts',
    'tools/firmware.ts',
    'tools/greenlake.ts',
    'tools/incident-response.ts',
    'tools/nac.ts',
    'tools/site-device-health.ts',
    'tools/wlan-change.ts',
  ],
};

/** Parses and checks a catalogue's text; every problem as `file:line:col: pointer: message`. */
export function parseCatalogue(
  file: string,
  text: string,
  read: SourceReader,
): { plants: Plant[]; errors: string[] } {
  const parsed = parseYamlDocuments(file, text);
  const errors: ScenarioError[] = [...parsed.errors];
  const source = parsed.documents[0];
  if (!source)
    return {
      plants: [],
      errors: (errors.length
        ? errors
        : [{ file, line: 0, col: 0, pointer: '', message: 'the catalogue is empty' }]
      ).map(formatScenarioError),
    };
  const list = (source.data as { plants?: unknown } | null)?.plants;
  if (!Array.isArray(list)) {
    errors.push(errorAt(source, ['plants'], 'the catalogue needs a "plants:" list'));
    return { plants: [], errors: errors.map(formatScenarioError) };
  }
  const seen = new Set<string>();
  const plants = list.flatMap(
    (raw, i) => checkEntry(source, raw, i, seen, read, TOOL_FILES, errors) ?? [],
  );
  return { plants, errors: errors.map(formatScenarioError) };
}

/** The catalogue shipped beside this file, checked against the sources under `root`. */
export const CATALOGUE_FILE = 'scripts/bench-gate/planted.yml';

export function loadCatalogue(root: string): { plants: Plant[]; errors: string[] } {
  const text = readFileSync(join(root, CATALOGUE_FILE), 'utf8');
  return parseCatalogue(CATALOGUE_FILE, text, readSource(root));
}

/** A server's source text with every patch applied (the checks above guarantee each applies once). */
export function applyPatches(text: string, patches: readonly Patch[]): string {
  return patches.reduce((t, p) => {
    if (occurrences(t, p.find) !== 1)
      throw new Error(`patch does not apply: ${JSON.stringify(p.find.slice(0, 60))}`);
    return t.replace(p.find, () => p.replace);
  }, text);
}
