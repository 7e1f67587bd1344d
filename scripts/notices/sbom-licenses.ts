import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the notices say about one installed package. */
export interface PackageNotice {
  /** The package directory relative to the project root, e.g. `node_modules/yaml`. */
  path: string;
  name: string;
  version: string;
  /** Declared licences (SPDX ids, expressions or names), as the package declares them. */
  licenses: string[];
  /** The licence and notice files the package ships (LICENSE*, LICENCE*, *.LICENSE, NOTICE). */
  texts: { file: string; text: string }[];
}

interface CdxLicense {
  license?: { id?: string; name?: string; text?: { content?: string; encoding?: string } };
  expression?: string;
}

/** A CycloneDX component (JSON), the fields this reads. */
export interface CdxComponent {
  name: string;
  group?: string;
  version?: string;
  licenses?: CdxLicense[];
  evidence?: { licenses?: CdxLicense[] };
  properties?: { name: string; value: string }[];
  components?: CdxComponent[];
}

/** A CycloneDX BOM (JSON), the fields this reads. */
export interface CdxBom {
  metadata?: { tools?: { components?: CdxComponent[] } };
  components?: CdxComponent[];
}

const require = createRequire(import.meta.url);

/** The `cyclonedx-npm` version that wrote the BOM, e.g. `@cyclonedx/cyclonedx-npm 6.0.1`. */
export function sbomTool(bom: CdxBom): string {
  const tool = bom.metadata?.tools?.components?.find((c) => c.name === 'cyclonedx-npm');
  return tool
    ? `@cyclonedx/cyclonedx-npm ${tool.version ?? ''}`.trim()
    : '@cyclonedx/cyclonedx-npm';
}

/**
 * Runs @cyclonedx/cyclonedx-npm over the project at `root` (every installed package, dev ones
 * included: the bundles decide what is carried) with `--gather-license-texts`, and returns the BOM.
 */
export function createSbom(root: string): CdxBom {
  // The package exports only its library; the CLI sits beside it.
  const cli = join(
    dirname(require.resolve('@cyclonedx/cyclonedx-npm')),
    'bin',
    'cyclonedx-npm-cli.js',
  );
  const dir = mkdtempSync(join(tmpdir(), 'sbom-'));
  try {
    const out = join(dir, 'bom.json');
    execFileSync(
      process.execPath,
      [
        cli,
        '--gather-license-texts',
        '--output-reproducible',
        '--output-format',
        'JSON',
        '--output-file',
        out,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: '' } },
    );
    return JSON.parse(readFileSync(out, 'utf8')) as CdxBom;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function declared(license: CdxLicense): string | undefined {
  return license.expression ?? license.license?.id ?? license.license?.name;
}

function evidenceText(license: CdxLicense): { file: string; text: string } | undefined {
  const content = license.license?.text?.content;
  if (content === undefined) return undefined;
  const text =
    license.license?.text?.encoding === 'base64'
      ? Buffer.from(content, 'base64').toString('utf8')
      : content;
  // cyclonedx-npm names the evidence "file: LICENSE".
  const file = (license.license?.name ?? '').replace(/^file: /, '');
  return { file, text: text.replace(/\r\n?/g, '\n').trimEnd() };
}

/** The BOM's components by package directory (`cdx:npm:package:path`), nested ones included. */
export function noticesByPath(bom: CdxBom): Map<string, PackageNotice> {
  const byPath = new Map<string, PackageNotice>();
  const visit = (component: CdxComponent): void => {
    const path = component.properties?.find((p) => p.name === 'cdx:npm:package:path')?.value;
    if (path) {
      byPath.set(path, {
        path,
        name: component.group ? `${component.group}/${component.name}` : component.name,
        version: component.version ?? '',
        licenses: (component.licenses ?? []).map(declared).filter((l) => l !== undefined),
        texts: (component.evidence?.licenses ?? [])
          .map(evidenceText)
          .filter((t) => t !== undefined)
          .sort((a, b) => a.file.localeCompare(b.file)),
      });
    }
    component.components?.forEach(visit);
  };
  bom.components?.forEach(visit);
  return byPath;
}
