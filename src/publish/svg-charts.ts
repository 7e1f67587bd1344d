/** Text for HTML and SVG: every character that could open markup or an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Colour of the i-th server (colour-blind-safe Okabe–Ito order). */
export function seriesColour(i: number): string {
  const palette = [
    '#0072B2',
    '#E69F00',
    '#009E73',
    '#CC79A7',
    '#56B4E9',
    '#D55E00',
    '#F0E442',
    '#000000',
  ];
  return palette[i % palette.length] ?? '#000000';
}

const fmt = (x: number): string => (Math.round(x * 10) / 10).toString();

/** One bar of a horizontal bar chart; `value` null is drawn as "absent", not as zero. */
export interface Bar {
  label: string;
  value: number | null;
  text: string;
  colour: string;
}

/** A horizontal bar chart (one bar per row) as inline SVG. */
export function barChart(title: string, bars: readonly Bar[]): string {
  const width = 640;
  const labelW = 170;
  const rowH = 26;
  const top = 8;
  const height = top + bars.length * rowH + 8;
  const max = Math.max(1e-9, ...bars.map((b) => b.value ?? 0));
  const plotW = width - labelW - 220;
  const rows = bars.map((b, i) => {
    const y = top + i * rowH;
    const w = b.value === null ? 0 : (b.value / max) * plotW;
    const bar =
      b.value === null
        ? `<text x="${labelW}" y="${y + 17}" class="absent">absent</text>`
        : `<rect x="${labelW}" y="${y + 4}" width="${fmt(Math.max(w, 1))}" height="${rowH - 8}" fill="${b.colour}"><title>${escapeHtml(`${b.label}: ${b.text}`)}</title></rect>` +
          `<text x="${fmt(labelW + w + 6)}" y="${y + 17}">${escapeHtml(b.text)}</text>`;
    return `<text x="${labelW - 8}" y="${y + 17}" text-anchor="end">${escapeHtml(b.label)}</text>${bar}`;
  });
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${rows.join('')}</svg>`;
}

/** One group of a grouped bar chart (a suite), with one value per series (a server). */
export interface Group {
  label: string;
  values: (number | null)[];
}

/** A vertical grouped bar chart of fractions 0..1 (per-suite task success) as inline SVG. */
export function groupedFractionChart(
  title: string,
  series: readonly string[],
  groups: readonly Group[],
): string {
  const plotH = 180;
  const left = 40;
  const top = 10;
  const barW = 14;
  const groupW = Math.max(60, series.length * barW + 20);
  const width = Math.max(640, left + groups.length * groupW + 10);
  const height = top + plotH + 70;
  const parts: string[] = [];
  for (const tick of [0, 0.5, 1]) {
    const y = top + plotH - tick * plotH;
    parts.push(
      `<line x1="${left}" x2="${width - 5}" y1="${y}" y2="${y}" class="grid"/>`,
      `<text x="${left - 6}" y="${y + 4}" text-anchor="end">${tick}</text>`,
    );
  }
  groups.forEach((g, gi) => {
    const x0 = left + gi * groupW + 10;
    g.values.forEach((v, si) => {
      const x = x0 + si * barW;
      const name = series[si] ?? '';
      if (v === null) {
        parts.push(
          `<text x="${x + barW / 2}" y="${top + plotH - 4}" text-anchor="middle" class="absent">–<title>${escapeHtml(`${name} · ${g.label}: absent`)}</title></text>`,
        );
      } else {
        const h = Math.max(1, v * plotH);
        parts.push(
          `<rect x="${x}" y="${fmt(top + plotH - h)}" width="${barW - 2}" height="${fmt(h)}" fill="${seriesColour(si)}"><title>${escapeHtml(`${name} · ${g.label}: ${v.toFixed(2)}`)}</title></rect>`,
        );
      }
    });
    parts.push(
      `<text x="${x0}" y="${top + plotH + 16}" transform="rotate(30 ${x0} ${top + plotH + 16})">${escapeHtml(g.label)}</text>`,
    );
  });
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/** A point of a scatter plot; series without a value are left out and listed as absent. */
export interface Point {
  label: string;
  x: number;
  y: number;
  colour: string;
}

/** A scatter plot (tokens vs task success) as inline SVG, x from 0 to the largest x, y 0..1. */
export function scatterChart(
  title: string,
  xLabel: string,
  yLabel: string,
  points: readonly Point[],
): string {
  const width = 640;
  const height = 300;
  const left = 50;
  const bottom = 40;
  const top = 10;
  const right = 130;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const maxX = Math.max(1, ...points.map((p) => p.x)) * 1.05;
  const parts: string[] = [
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" class="axis"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" class="axis"/>`,
    `<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(xLabel)}</text>`,
    `<text x="12" y="${top + plotH / 2}" transform="rotate(-90 12 ${top + plotH / 2})" text-anchor="middle">${escapeHtml(yLabel)}</text>`,
    `<text x="${left - 6}" y="${top + 4}" text-anchor="end">1</text>`,
    `<text x="${left - 6}" y="${top + plotH + 4}" text-anchor="end">0</text>`,
    `<text x="${left + plotW}" y="${top + plotH + 16}" text-anchor="end">${escapeHtml(Math.round(maxX).toLocaleString('en-US'))}</text>`,
  ];
  for (const p of points) {
    const cx = left + (p.x / maxX) * plotW;
    const cy = top + plotH - p.y * plotH;
    parts.push(
      `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="6" fill="${p.colour}"><title>${escapeHtml(`${p.label}: ${Math.round(p.x)} tokens, ${p.y.toFixed(2)} success`)}</title></circle>`,
      `<text x="${fmt(cx + 9)}" y="${fmt(cy + 4)}">${escapeHtml(p.label)}</text>`,
    );
  }
  return `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join('')}</svg>`;
}
