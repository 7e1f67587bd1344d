import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PEM written to a private temp directory; `remove()` deletes it (idempotent). */
export interface TempPemFile {
  path: string;
  remove: () => void;
}

/** Writes the CA certificate where client trust-store variables can point at it. */
export function writeCaFile(pem: string): TempPemFile {
  const dir = mkdtempSync(join(tmpdir(), 'fake-central-ca-'));
  const path = join(dir, 'ca.pem');
  writeFileSync(path, pem, { mode: 0o644 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
