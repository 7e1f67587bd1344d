import type { Secret } from '../../metrics/leak-scan.js';
import { noSecrets, type Secrets } from '../../common/secrets.js';

/** Variable names whose values the harness treats as its own secrets. */
const SECRET_NAME =
  /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|API[_-]?KEY|ACCESS[_-]?KEY|PRIVATE[_-]?KEY/i;
/** Shorter values ("1", "true", a short id) would match ordinary text by chance. */
const MIN_LENGTH = 8;

/**
 * The secrets of the harness's own environment (GITHUB_TOKEN, INPUT_GITHUB-TOKEN, model API keys,
 * cloud keys…): every variable whose name says secret and whose value is at least 8 characters.
 * A server never gets these (server-environment.ts), so finding one in its output means it read
 * them from somewhere else (e.g. /proc/<ppid>/environ); the leak check looks for them like the
 * fixture canaries. Labelled by variable name only, so a finding never repeats the value.
 * The variables the entry already took out of `env` (takeSecrets, src/common/secrets.ts) come in
 * as `taken`: both are the bench's own, passed in, so two benches in one process never mix.
 */
export function harnessSecrets(
  env: Readonly<Record<string, string | undefined>>,
  taken: Secrets = noSecrets(),
): Secret[] {
  const secrets = new Map<string, Secret>();
  const entries = [...Object.entries(env), ...taken.entries()];
  for (const [name, value] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || value.length < MIN_LENGTH || !SECRET_NAME.test(name)) continue;
    if (!secrets.has(value)) secrets.set(value, { label: `harness secret $${name}`, value });
  }
  return [...secrets.values()];
}
