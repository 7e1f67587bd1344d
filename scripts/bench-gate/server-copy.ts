/**
 * A temp copy of one reference server, optionally with a plant's patches applied, and the bench
 * config a maintainer of that server would have: the Python server as hpe-mcp-bench.subjects.yml
 * runs it, the TypeScript one as the built-in config does (bundled with esbuild, writes gated by
 * REFERENCE_ENABLE_WRITES). The config lives in the copy, and the copy is the server's working
 * directory, so the sandbox shows the server its own files.
 */
import { realpathSync } from 'node:fs';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { applyPatches, PLANT_SERVERS, type Patch, type PlantServer } from './catalogue.js';

/** The server's name in the bench config (and so in the report and the comment). */
export const SERVER_NAME: Record<PlantServer, string> = {
  python: 'python-reference',
  typescript: 'reference',
};

/** Applies the patches file by file (the catalogue checked each find is there once). */
async function patchCopy(dir: string, patches: readonly Patch[]): Promise<void> {
  const files = [...new Set(patches.map((p) => p.file))];
  for (const file of files) {
    const path = join(dir, file);
    const text = await readFile(path, 'utf8');
    await writeFile(
      path,
      applyPatches(
        text,
        patches.filter((p) => p.file === file),
      ),
    );
  }
}

function pythonConfig(root: string, dir: string): string {
  // The venv's real path: the sandbox shows a server the resolved paths it is named.
  const venv = realpathSync(join(root, '.venv'));
  return [
    'servers:',
    `  ${SERVER_NAME.python}:`,
    '    transport: stdio',
    `    command: ${JSON.stringify(join(venv, 'bin', 'python'))}`,
    `    args: [${JSON.stringify(join(dir, 'src', 'server.py'))}]`,
    `    cwd: ${JSON.stringify(dir)}`,
    '    scenarioKey: reference',
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
    // Names the venv, so the sandbox shows it (its python is a link out of it).
    `      VIRTUAL_ENV: ${JSON.stringify(venv)}`,
    '    timeouts: { startupMs: 30000, callMs: 30000, scenarioMs: 60000 }',
    '',
  ].join('\n');
}

function typescriptConfig(dir: string): string {
  return [
    'servers:',
    `  ${SERVER_NAME.typescript}:`,
    '    transport: stdio',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(dir, 'bundle', 'index.js'))}]`,
    `    cwd: ${JSON.stringify(dir)}`,
    '    network: proxy',
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
    "      GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}'",
    '    gates:',
    "      write: { REFERENCE_ENABLE_WRITES: '1' }",
    "      destructive: { REFERENCE_ENABLE_WRITES: '1' }",
    '',
  ].join('\n');
}

/**
 * Copies `server` into `dir` (which must lie inside the package, so the TypeScript bundle
 * resolves its packages), applies `patches`, builds it where needed and writes its bench config.
 * Returns the config's path.
 */
export async function serverCopy(
  root: string,
  server: PlantServer,
  dir: string,
  patches: readonly Patch[],
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const source = join(dir, 'src');
  await cp(join(root, PLANT_SERVERS[server]), source, {
    recursive: true,
    filter: (path) => !path.includes('__pycache__'),
  });
  await patchCopy(source, patches);
  const config = join(dir, 'hpe-mcp-bench.yml');
  if (server === 'python') {
    await writeFile(config, pythonConfig(root, dir));
  } else {
    // The same esbuild options as dist/reference-server, in one file.
    await build({
      entryPoints: [join(source, 'index.ts')],
      outfile: join(dir, 'bundle', 'index.js'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      banner: {
        js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    await writeFile(config, typescriptConfig(dir));
  }
  return config;
}
