// Derives fake-central/request-rules.json, the facts the fake checks requests against, from
// HPE's OpenAPI documents checked out by hand (they are proprietary and never committed):
//   npm run rules:derive -- --openapi <dir of New Central documents> [--greenlake <dir>] [--out FILE]
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDocuments, type OpenApiDocument } from '../../src/conformance/openapi-documents.js';
import { compileRequestRules, type RuleSource } from './compile-request-rules.js';

/** The pins fake-central/SPEC.md §1 cites; the table's header names them. */
export const PINNED_SOURCES = {
  central: 'secure-ssid/hpe-networking-mcp@9c7df436ff3f6d4311ae4456df98a6f3e8fcab47 vendor/openapi',
  greenlake:
    'nowireless4u/hpe-networking-mcp@91fe98424a239a91a48a7745dde14971b11d9eeb vendor/greenlake',
};

// The GreenLake documents whose families the fake serves (SPEC.md §4); the folder holds others
// (compute, storage, backup) the fake does not.
const GREENLAKE_SERVED =
  /^(audit-logs|authorization__|device-management|identity__|location-management|reporting|service-catalog__|subscription-management|tags|wellness|workspace__)/;

/** A document is New Central's when one of its paths is under `/network-` (Mist's are not). */
const isCentral = (doc: OpenApiDocument): boolean =>
  doc.operations.some((op) => op.path.startsWith('/network-'));

/** Runs the command; returns the lines it printed (summary and what it left out). */
export function deriveRequestRules(argv: readonly string[]): string[] {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      openapi: { type: 'string' },
      greenlake: { type: 'string' },
      out: { type: 'string', default: 'fake-central/request-rules.json' },
    },
    strict: true,
  });
  if (values.openapi === undefined)
    throw new Error(
      'rules:derive needs --openapi <dir> (the New Central documents, e.g. git show 9c7df43:vendor/openapi/<file> into a directory)',
    );
  const inputs: RuleSource[] = loadDocuments(values.openapi)
    .filter(isCentral)
    .map((doc) => ({ file: doc.file, doc }));
  if (values.greenlake !== undefined)
    for (const doc of loadDocuments(values.greenlake))
      if (GREENLAKE_SERVED.test(doc.file)) inputs.push({ file: `greenlake/${doc.file}`, doc });
  const { table, notes } = compileRequestRules(inputs, PINNED_SOURCES);
  const out = resolve(values.out);
  writeFileSync(out, `${JSON.stringify(table)}\n`);
  const operations = Object.values(table.ops).reduce((n, m) => n + Object.keys(m).length, 0);
  return [
    `${out}: ${operations} operations from ${inputs.length} documents, ${table.nodes.length} rule nodes, ${table.qsets.length} query sets`,
    `maxLength placeholders (9999) left out: ${notes.droppedPlaceholders}`,
    ...notes.droppedPatterns.map((p) => `pattern RE2 cannot compile, not checked: ${p}`),
    ...notes.unreadXPatterns.map((p) => `x-patterns value not read, not checked: ${p}`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    for (const line of deriveRequestRules(process.argv.slice(2))) console.log(line);
  } catch (error) {
    console.error(`rules:derive: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
