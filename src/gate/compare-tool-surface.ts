import type { Report } from '../report/types.js';
import type { ToolSurfaceDiff } from './types.js';

/** Each server's tools added and removed since the baseline, and its menu's tokens before and after. */
export function compareToolSurface(
  report: Report,
  base: Report | null,
  tokens: boolean,
): ToolSurfaceDiff[] {
  const names = (m: Report['servers'][number]['menu']): string[] => m?.tools ?? [];
  return report.servers.map((cur) => {
    const old = base?.servers.find((s) => s.name === cur.name);
    const now = new Set(names(cur.menu));
    const was = new Set(names(old?.menu ?? null));
    return {
      server: cur.name,
      added: old ? [...now].filter((n) => !was.has(n)).sort() : [],
      removed: old ? [...was].filter((n) => !now.has(n)).sort() : [],
      menuTokens: {
        baseline: tokens ? (old?.menu?.total ?? null) : null,
        current: cur.menu?.total ?? null,
      },
    };
  });
}
