#!/usr/bin/env node
// Prints the CHANGELOG.md section of one version (`## [1.2.3]` or `## 1.2.3`, up to the next
// `## `), the release notes of its GitHub release. Exit 2 with the fix when there is none.
// Usage: node scripts/release/changelog-section.mjs VERSION [CHANGELOG.md]
import { readFileSync } from 'node:fs';

const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
if (!version || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error(
    `changelog-section: usage: changelog-section.mjs X.Y.Z [CHANGELOG.md] (got "${version ?? ''}")`,
  );
  process.exit(2);
}
const lines = readFileSync(file, 'utf8').split('\n');
const escaped = version.replace(/[.+]/g, '\\$&');
const heading = new RegExp(`^## \\[?v?${escaped}\\]?(\\s|$)`);
const start = lines.findIndex((line) => heading.test(line));
if (start < 0) {
  console.error(
    `changelog-section: ${file} has no "## ${version}" section: move the Unreleased entries under "## ${version} - YYYY-MM-DD" and keep an empty "## Unreleased" above it`,
  );
  process.exit(2);
}
const rest = lines.slice(start + 1);
const end = rest.findIndex((line) => line.startsWith('## '));
const body = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim();
if (body === '') {
  console.error(`changelog-section: the "## ${version}" section of ${file} is empty`);
  process.exit(2);
}
process.stdout.write(`${body}\n`);
