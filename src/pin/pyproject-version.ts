/**
 * The version a pyproject.toml declares: `version = "…"` in `[project]`, else in
 * `[tool.poetry]`. Null for no file, a dynamic version or none.
 */
export function pyprojectVersion(text: string | null): string | null {
  if (text === null) return null;
  let section = '';
  const found: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]\s*(#.*)?$/.exec(line);
    if (header) {
      section = (header[1] ?? '').trim();
      continue;
    }
    const m = /^\s*version\s*=\s*["']([^"']+)["']/.exec(line);
    if (m && !(section in found)) found[section] = m[1] ?? '';
  }
  return found.project ?? found['tool.poetry'] ?? null;
}
