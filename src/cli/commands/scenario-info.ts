import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRoot } from '../../common/package-root.js';
import type { ScenarioInfo } from '../../publish/model.js';
import type { Report } from '../../report/types.js';
import { loadScenarios } from '../../scenarios/load-scenarios.js';
import type { CliIo } from '../io.js';

/**
 * Each scenario's intent and platform from the manifest files the report names (report.json has
 * ids only), read where the run read them (the working directory, else this package). A file
 * that cannot be read leaves its scenarios' ids without intents, said on stderr. `publish`
 * renders with them, and `verify --page` renders again with them (the platform decides a
 * scenario's job in "Which server for which job").
 */
export async function readScenarioInfo(
  report: Report,
  io: CliIo,
): Promise<Record<string, ScenarioInfo>> {
  const info: Record<string, ScenarioInfo> = {};
  const found = report.manifest.files.map((f) =>
    existsSync(resolve(io.cwd, f)) ? resolve(io.cwd, f) : resolve(packageRoot(), f),
  );
  const present = found.filter((f) => existsSync(f));
  if (present.length < found.length)
    io.stderr(
      `warning: ${found.length - present.length} scenario file(s) of the report not found: their intents are left out\n`,
    );
  if (present.length === 0) return info;
  const loaded = await loadScenarios(present, { cwd: io.cwd });
  for (const s of loaded.scenarios) info[s.id] = { intent: s.intent, platform: s.platform };
  return info;
}
