/**
 * Regenerates the README's Inputs/Outputs tables from action.yml (between the api markers), so the
 * documentation cannot drift from the action. `npm run docs`; `--check` exits 1 when stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';

interface ActionYml {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string }>;
}

const START = '<!-- api-start -->';
const END = '<!-- api-end -->';

const cell = (text: string): string => text.replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');

/** The markdown between the markers for an action.yml. */
export function renderApiTables(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const inputs = Object.entries(action.inputs).map(
    ([name, i]) =>
      `| \`${name}\` | ${cell(i.description)} | ${i.default === undefined || i.default === '' ? '' : `\`${cell(i.default)}\``} |`,
  );
  const outputs = Object.entries(action.outputs).map(
    ([name, o]) => `| \`${name}\` | ${cell(o.description)} |`,
  );
  return [
    '### Inputs',
    '',
    '| input | description | default |',
    '| --- | --- | --- |',
    ...inputs,
    '',
    '### Outputs',
    '',
    '| output | description |',
    '| --- | --- |',
    ...outputs,
  ].join('\n');
}

/** The README with its tables replaced, formatted as Prettier would (so format:check agrees). */
export async function updateReadme(
  readme: string,
  actionYml: string,
  path = 'README.md',
): Promise<string> {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} … ${END}`);
  const next = `${readme.slice(0, start + START.length)}\n\n${renderApiTables(actionYml)}\n\n${readme.slice(end)}`;
  return format(next, { ...(await resolveConfig(path)), filepath: path });
}

const isMain =
  process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const root = resolve(import.meta.dirname, '..');
  const readmePath = resolve(root, 'README.md');
  const current = readFileSync(readmePath, 'utf8');
  const next = await updateReadme(
    current,
    readFileSync(resolve(root, 'action.yml'), 'utf8'),
    readmePath,
  );
  if (process.argv.includes('--check')) {
    if (next !== current) {
      console.error('README.md is out of date with action.yml: run npm run docs');
      process.exit(1);
    }
  } else if (next !== current) {
    writeFileSync(readmePath, next);
    console.log('README.md updated');
  }
}
