import { entriesByTool, statusCounts, toolStatus } from '../report/render-sweep.js';
import type { Report } from '../report/types.js';
import { code, type Block, type Section } from './view-types.js';

/**
 * Each server's tool surface from the sweep (servers[].sweep): how many of its tools answered
 * with the fixture's data when called once with inferred arguments, how many did not and why,
 * and the tools that did not, collapsed. Null when no server has a sweep.
 */
export function toolSurfaceSection(report: Report): Section | null {
  const swept = report.servers.flatMap((s) => (s.sweep ? [{ name: s.name, sweep: s.sweep }] : []));
  if (swept.length === 0) return null;
  const blocks: Block[] = [
    {
      kind: 'p',
      text: 'Every tool of each server’s menu called once per fixture bundle with arguments inferred from its schema (read tools unless the run swept all), judged against what the fake served: ok (the served data came back), or why not. Measured; independent of the scenarios’ plans.',
    },
  ];
  const rows = swept.map(({ name, sweep }) => {
    const byTool = entriesByTool(sweep);
    const { ok, others } = statusCounts(byTool);
    return [
      name,
      String(sweep.menu.length),
      sweep.failure !== null && sweep.tools.length === 0
        ? 'not run (the server did not start)'
        : `${ok}/${byTool.size}`,
      others.join(', ') || '—',
    ];
  });
  blocks.push({
    kind: 'table',
    table: {
      head: ['server', 'tools on the menu', 'ok of swept', 'the others'],
      align: ['left', 'right', 'right', 'left'],
      rows,
      stack: true,
    },
  });
  for (const s of swept) {
    const notOk = [...entriesByTool(s.sweep)]
      .map(([tool, entries]) => [tool, toolStatus(entries)] as const)
      .filter(([, status]) => status !== 'ok');
    if (notOk.length === 0) continue;
    blocks.push({
      kind: 'details',
      summary: `${s.name}: the ${notOk.length} tool${notOk.length === 1 ? '' : 's'} not ok`,
      items: notOk.map(([tool, status]) => [code(tool), { text: `: ${status}` }]),
    });
  }
  return { id: 'tool-surface', level: 2, title: 'Tool surface (the sweep)', blocks };
}
