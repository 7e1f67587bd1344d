import { linearScale, logScale, textWidth, wantsLog } from './chart-scale.js';
import { WIDE, escapeHtml, fmt, label, svg, xAxis } from './svg-charts.js';

/** A point of a scatter plot. */
export interface Point {
  label: string;
  x: number;
  y: number;
  colour: string;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where each point's label goes: the first of right, left, above, below (then further out) that
 * stays inside the plot and clear of every label and point placed so far.
 */
function placeLabels(
  points: readonly { cx: number; cy: number; text: string }[],
  bounds: Box,
): { x: number; y: number; anchor: 'start' | 'end' | 'middle' }[] {
  const taken: Box[] = points.map((p) => ({ x: p.cx - 7, y: p.cy - 7, w: 14, h: 14 }));
  return points.map((p) => {
    const w = textWidth(p.text);
    const h = 15;
    const candidates: { x: number; y: number; anchor: 'start' | 'end' | 'middle'; box: Box }[] = [];
    for (const d of [0, 16, 32, 48, 64]) {
      candidates.push(
        {
          x: p.cx + 10,
          y: p.cy + 4 + d,
          anchor: 'start',
          box: { x: p.cx + 10, y: p.cy - 8 + d, w, h },
        },
        {
          x: p.cx - 10,
          y: p.cy + 4 + d,
          anchor: 'end',
          box: { x: p.cx - 10 - w, y: p.cy - 8 + d, w, h },
        },
        {
          x: p.cx,
          y: p.cy - 12 - d,
          anchor: 'middle',
          box: { x: p.cx - w / 2, y: p.cy - 24 - d, w, h },
        },
        {
          x: p.cx,
          y: p.cy + 22 + d,
          anchor: 'middle',
          box: { x: p.cx - w / 2, y: p.cy + 10 + d, w, h },
        },
        {
          x: p.cx + 10,
          y: p.cy + 4 - d,
          anchor: 'start',
          box: { x: p.cx + 10, y: p.cy - 8 - d, w, h },
        },
      );
    }
    // Last resort for a label wider than the room beside its point (a long name near an edge of
    // a narrow chart): above or below the point, slid along x until it fits inside the plot.
    const slid = Math.min(Math.max(p.cx - w / 2, bounds.x), bounds.x + bounds.w - w);
    for (const d of [0, 16, 32, 48, 64]) {
      candidates.push(
        { x: slid, y: p.cy + 22 + d, anchor: 'start', box: { x: slid, y: p.cy + 10 + d, w, h } },
        { x: slid, y: p.cy - 12 - d, anchor: 'start', box: { x: slid, y: p.cy - 24 - d, w, h } },
      );
    }
    const inside = (b: Box): boolean =>
      b.x >= bounds.x &&
      b.y >= bounds.y &&
      b.x + b.w <= bounds.x + bounds.w &&
      b.y + b.h <= bounds.y + bounds.h;
    const pick =
      candidates.find((c) => inside(c.box) && !taken.some((t) => overlaps(t, c.box))) ??
      candidates.find((c) => inside(c.box)) ??
      candidates[0];
    if (!pick) return { x: p.cx, y: p.cy, anchor: 'start' };
    taken.push(pick.box);
    return { x: pick.x, y: pick.y, anchor: pick.anchor };
  });
}

/**
 * A scatter plot (tokens against task success): x on a log axis when the values span orders of
 * magnitude; y from a tenth below the lowest point to 1, so points near the top are told apart,
 * with labelled ticks (the axis says where it starts). Labels are placed clear of each other.
 */
export function scatterChart(
  title: string,
  xTitle: string,
  yTitle: string,
  points: readonly Point[],
  width = WIDE,
): string {
  const height = 340;
  const left = 64;
  const right = 24;
  const top = 12;
  const bottom = 50;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const xs = points.map((p) => p.x);
  const xScale = wantsLog(xs) ? logScale(xs, plotW) : linearScale(xs.length > 0 ? xs : [1], plotW);
  const minY = Math.min(1, ...points.map((p) => p.y));
  const yMin = Math.max(0, Math.floor((minY - 0.05) * 10) / 10);
  const yScale = linearScale([1], plotH, {
    min: yMin,
    max: 1,
    count: 4,
    format: (n) => n.toFixed(2),
  });
  const parts = xAxis(xScale, left, plotW, top, top + plotH, xTitle);
  parts.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" class="axis"/>`);
  for (const t of yScale.ticks) {
    const y = top + plotH - yScale.at(t.value);
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${fmt(y)}" y2="${fmt(y)}" class="grid"/>`,
      label(left - 6, y + 4, t.label, 'end'),
    );
  }
  parts.push(
    `<text x="14" y="${top + plotH / 2}" transform="rotate(-90 14 ${top + plotH / 2})" text-anchor="middle" class="axis-title">${escapeHtml(`${yTitle}${yMin > 0 ? ` (axis from ${yMin.toFixed(1)})` : ''}`)}</text>`,
  );
  const placed = points.map((p) => ({
    cx: left + xScale.at(p.x),
    cy: top + plotH - yScale.at(p.y),
    text: p.label,
  }));
  const labels = placeLabels(placed, { x: left + 2, y: top, w: plotW - 2, h: plotH - 2 });
  points.forEach((p, i) => {
    const c = placed[i];
    const l = labels[i];
    if (!c || !l) return;
    parts.push(
      `<circle cx="${fmt(c.cx)}" cy="${fmt(c.cy)}" r="6" fill="${p.colour}"><title>${escapeHtml(`${p.label}: ${Math.round(p.x).toLocaleString('en-US')} tokens, ${p.y.toFixed(2)} success`)}</title></circle>`,
      label(l.x, l.y, p.label, l.anchor),
    );
  });
  return svg(title, width, height, parts);
}
