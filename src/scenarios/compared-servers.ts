import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { schemaValidator } from '../common/ajv.js';
import { packageRoot } from '../common/package-root.js';
import { schemaErrors } from '../common/schema-errors.js';
import type { ScenarioError } from './types.js';
import { parseYamlDocuments } from '../common/yaml-source.js';

/** A server scenarios can name: an external repository pinned by commit, or one in this repo. */
export interface ComparedServer {
  name: string;
  kind: 'github' | 'local';
  /** `owner/name` (github servers). */
  repo?: string;
  /** The full pinned commit SHA (github servers). */
  commit?: string;
  version?: string;
  /** Directory in this repository (local servers). */
  path?: string;
  language?: string;
  notes: string;
}

/** The default compared-servers file of a bench tree. */
export function defaultServersFile(root = packageRoot()): string {
  return join(root, 'scenarios', 'compared-servers.yml');
}

/**
 * Reads and validates a compared-servers file (`scenarios/compared-servers.yml`). Problems come
 * back as positioned errors naming `file` as given, never thrown; `servers` is empty when the
 * file is invalid.
 */
export async function loadComparedServers(
  file: string,
  cwd = process.cwd(),
): Promise<{ servers: ComparedServer[]; errors: ScenarioError[] }> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : String(error);
    return {
      servers: [],
      errors: [
        {
          file,
          line: 0,
          col: 0,
          pointer: '',
          message: `compared-servers file ${reason}`,
          hint: 'pass --servers FILE, or restore scenarios/compared-servers.yml',
        },
      ],
    };
  }
  const { documents, errors } = parseYamlDocuments(file, text);
  const [document, extra] = documents;
  if (errors.length > 0) return { servers: [], errors };
  if (!document || extra) {
    const message = document ? 'expected one YAML document' : 'the file is empty';
    return { servers: [], errors: [{ file, line: 1, col: 1, pointer: '', message }] };
  }
  const validate = schemaValidator('compared-servers.schema.json');
  if (!validate(document.data)) {
    return { servers: [], errors: schemaErrors(validate.errors ?? [], document) };
  }
  const entries = (document.data as { servers: Record<string, Omit<ComparedServer, 'name'>> })
    .servers;
  return {
    servers: Object.entries(entries).map(([name, server]) => ({ name, ...server })),
    errors: [],
  };
}
