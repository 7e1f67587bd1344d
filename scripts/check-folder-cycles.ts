// `npm run lint:deps`: fails when folders of src/ or fake-central/ import each other in a cycle
// (DESIGN.md, module boundaries), or when files do (a cycle inside one folder as well), or when
// either imports test support (test/, *.test.ts). Usage: tsx scripts/check-folder-cycles.ts [repository root].
import { posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import {
  CHECKED_TREES,
  fileCycles,
  folderCycles,
  formatCycles,
  formatFileCycles,
  testSupportImports,
  type FileEdge,
} from './folder-cycles.js';

/** What the cruise found: every import between files, and the relative ones it could not resolve. */
export interface CruisedImports {
  files: number;
  edges: FileEdge[];
  /** A relative import that resolves to no file would hide an edge: the check refuses it. */
  unresolved: string[];
}

/**
 * Reads the imports of the checked trees under `root` with dependency-cruiser, through the
 * repository's tsconfig (so `./x.js` resolves to `./x.ts`, type-only imports included). Test files
 * are left out: no module imports them, so they cannot close a cycle of the code.
 */
export async function cruiseImports(root: string): Promise<CruisedImports> {
  const tsConfigFile = resolve(root, 'tsconfig.json');
  const { output } = await cruise(
    [...CHECKED_TREES],
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: tsConfigFile },
      doNotFollow: { path: ['node_modules', '\\.test\\.ts$'] },
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const result = output as ICruiseResult;
  const edges: FileEdge[] = [];
  const unresolved: string[] = [];
  for (const module of result.modules) {
    for (const dep of module.dependencies) {
      if (dep.couldNotResolve) {
        // A test file is left out of the cruise, so an import of one does not resolve: it is
        // still an edge (into test support), kept for the check below.
        if (/\.test(\.[jt]s)?$/.test(dep.module)) {
          const to = posix.join(posix.dirname(module.source), dep.module).replace(/\.js$/, '.ts');
          edges.push({ from: module.source, to, typeOnly: false, dynamic: dep.dynamic });
        } else if (dep.module.startsWith('.')) {
          unresolved.push(`${module.source} imports ${dep.module}`);
        }
        continue;
      }
      edges.push({
        from: module.source,
        to: dep.resolved,
        typeOnly: dep.dependencyTypes.includes('type-only'),
        dynamic: dep.dynamic,
      });
    }
  }
  return { files: result.summary.totalCruised, edges, unresolved };
}

/** Runs the check on `root`; returns the exit code after printing what it found. */
export async function checkFolderCycles(root: string): Promise<number> {
  const { files, edges, unresolved } = await cruiseImports(root);
  if (unresolved.length > 0) {
    console.error(
      `${unresolved.length} relative import(s) could not be resolved, so the folder graph would miss them:\n  ${unresolved.join('\n  ')}`,
    );
    return 1;
  }
  const cycles = folderCycles(edges);
  if (cycles.length > 0) {
    console.error(formatCycles(cycles));
    console.error(
      `\n${cycles.length} import cycle(s) between folders. Move the shared thing to where it belongs (a neutral module for shared types, the settings into src/config) or pass a function instead of importing back; see ARCHITECTURE.md.`,
    );
  }
  const between = fileCycles(edges);
  if (between.length > 0) {
    console.error(formatFileCycles(between));
    console.error(
      `\n${between.length} import cycle(s) between files. Move what both need into a module neither imports back (the folder's types.ts for shared types), or pass a function.`,
    );
  }
  const intoTests = testSupportImports(edges);
  if (intoTests.length > 0) {
    console.error(intoTests.map((e) => `${e.from} imports test support ${e.to}`).join('\n'));
    console.error(
      `\n${intoTests.length} import(s) of test support from the code. Production never imports test/ or a *.test.ts file: move what both need into src/ (or fake-central/) and let the test import it from there.`,
    );
  }
  if (cycles.length > 0 || between.length > 0 || intoTests.length > 0) return 1;
  console.log(
    `no import cycles between folders of ${CHECKED_TREES.join(', ')} (${files} files, ${edges.length} imports), nor between their files; no import of test support`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await checkFolderCycles(resolve(process.argv[2] ?? '.'));
}
