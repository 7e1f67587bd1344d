import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocuments } from './openapi-documents.js';
import { runConformance } from './run-conformance.js';

// One export path of the fake (a CSV file), described three ways.
const EXPORT = '/network-config/v1alpha1/cnac-mac-reg/export';
const doc = (content: Record<string, unknown>) => ({
  openapi: '3.1.0',
  paths: { [EXPORT]: { get: { operationId: 'exportMacs', responses: { '200': { content } } } } },
});
const binary = { schema: { type: 'string', format: 'binary' } };

const dir = mkdtempSync(join(tmpdir(), 'conformance-files-'));
// As the central-nac-service document has it: a binary string under application/json.
writeFileSync(join(dir, 'a-json-binary.json'), JSON.stringify(doc({ 'application/json': binary })));
writeFileSync(join(dir, 'b-image.json'), JSON.stringify(doc({ 'image/png': binary })));
writeFileSync(
  join(dir, 'c-object.json'),
  JSON.stringify(doc({ 'application/json': { schema: { type: 'object' } } })),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('conformance of file answers', () => {
  it('a binary-string 200 takes any bytes; the media type must be documented unless JSON', async () => {
    const report = await runConformance(loadDocuments(dir));
    const [jsonBinary, image, object] = report.documents.map((d) => d.results[0]);
    expect(jsonBinary).toMatchObject({ status: 200, routed: true, valid: true });
    expect(image).toMatchObject({
      status: 200,
      valid: false,
      mismatch: '200 file is text/csv, documented image/png',
    });
    expect(object?.valid).toBe(false);
    expect(object?.mismatch).toMatch(/^200 body is not JSON: macAddress,displayName/);
  });
});
