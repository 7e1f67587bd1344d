import { autoScale, fitLabel, linearScale, textWidth, type Scale } from './chart-scale.js';

/** Text for HTML and SVG: every character that could open markup or an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Colour of the i-th series (colour-blind-safe Okabe–Ito order, yellow last: low contrast). */
export function seriesColour(i: number): string {
  const palette = [
    '#0072B2',
    '#E69F00',
    '#009E73',
    '#CC79A7',
    '#56B4E9',
    '#D55E00',
    '#000000',
    '#F0E442',
  ];
  return palette[i % palette.length] ?? '#000000';
}

/** A coordinate with one decimal. */
export const fmt = (x: number): string => (Math.round(x * 10) / 10).toString();
/** Drawn widths of the charts: the wide drawing, and the narrow one a phone shows (~390 px). */
export const WIDE = 600;
export const NARROW = 360;
/** The width of the row labels' column at a chart width. */
const labelWidth = (width: number): number => (width >= 500 ? 160 : 112);

/** An SVG chart element with its accessible title. */
export const svg = (
  title: string,
  width: number,
  height: number,
  parts: readonly string[],
): string =>
  `<svg role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${parts.join('')}</svg>`;

/** A text label. */
export const label = (
  x: number,
  y: number,
  text: string,
  anchor: 'start' | 'middle' | 'end',
  cls = '',
): string =>
  `<text x="${fmt(x)}" y="${fmt(y)}" text-anchor="${anchor}"${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</text>`;

/**
 * A horizontal axis at `y` from `x0` over `length` px: grid lines up to `top`, labelled ticks, its title. */
export function xAxis(
  scale: Scale,
  x0: number,
  length: number,
  top: number,
  y: number,
  title: string,
): string[] {
  const parts = [`<line x1="${x0}" x2="${x0 + length}" y1="${y}" y2="${y}" class="axis"/>`];
  for (const t of scale.ticks) {
    const x = x0 + scale.at(t.value);
    // The tick at the axis's start is labelled to its right: centred, it would meet the lowest
    // label of a vertical axis at the same corner.
    const atStart = x - x0 < 1;
    parts.push(
      `<line x1="${fmt(x)}" x2="${fmt(x)}" y1="${top}" y2="${y}" class="grid"/>`,
      `<line x1="${fmt(x)}" x2="${fmt(x)}" y1="${y}" y2="${y + 4}" class="axis"/>`,
      label(atStart ? x - 2 : x, y + 16, t.label, atStart ? 'start' : 'middle'),
    );
  }
  parts.push(
    label(
      x0 + length / 2,
      y + 34,
      `${title}${scale.log ? ' (log scale)' : ''}`,
      'middle',
      'axis-title',
    ),
  );
  return parts;
}

/** One bar of a horizontal bar chart; `value` null is drawn as "absent", not as zero. */
export interface Bar {
  label: string;
  value: number | null;
  text: string;
  colour: string;
}

/**
 * A horizontal bar chart (one bar per row) with a labelled value axis: log when the values span
 * orders of magnitude. The value is written at the end of each bar.
 */
export function barChart(
  title: string,
  axisTitle: string,
  bars: readonly Bar[],
  width = WIDE,
): string {
  const labelW = labelWidth(width);
  const rowH = 26;
  const top = 8;
  const textRoom = Math.min(200, Math.max(60, ...bars.map((b) => textWidth(b.text) + 10)));
  const plotW = width - labelW - textRoom;
  const values = bars.flatMap((b) => (b.value === null ? [] : [b.value]));
  const scale = autoScale(values.length > 0 ? values : [1], plotW);
  const axisY = top + bars.length * rowH + 4;
  const parts = xAxis(scale, labelW, plotW, top, axisY, axisTitle);
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    parts.push(label(labelW - 8, y + 17, fitLabel(b.label, labelW - 12), 'end'));
    if (b.value === null) {
      parts.push(label(labelW + 4, y + 17, 'absent', 'start', 'absent'));
      return;
    }
    const w = Math.max(1, scale.at(b.value));
    parts.push(
      `<rect x="${labelW}" y="${y + 5}" width="${fmt(w)}" height="${rowH - 10}" fill="${b.colour}"><title>${escapeHtml(`${b.label}: ${b.text}`)}</title></rect>`,
      label(labelW + w + 6, y + 17, b.text, 'start'),
    );
  });
  return svg(title, width, axisY + 42, parts);
}

/** One group of a grouped bar chart (a suite, or a server), with one value per series. */
export interface Group {
  label: string;
  values: (number | null)[];
}

/**
 * Horizontal grouped bars of fractions 0..1 (task success per suite and server; recall per
 * server): one band per group, one thin bar per series, an absent value as an empty outline.
 * The series' legend is the HTML beside it (no text in the plot to collide).
 */
export function groupedFractionChart(
  title: string,
  axisTitle: string,
  series: readonly string[],
  groups: readonly Group[],
  width = WIDE,
): string {
  const labelW = labelWidth(width);
  const barH = 9;
  const gap = 3;
  const bandH = Math.max(20, series.length * (barH + gap) + 8);
  const top = 8;
  const plotW = width - labelW - 20;
  const scale = linearScale([1], plotW, { max: 1, count: 4, format: (n) => n.toFixed(2) });
  const axisY = top + groups.length * bandH;
  const parts = xAxis(scale, labelW, plotW, top, axisY, axisTitle);
  groups.forEach((g, gi) => {
    const y0 = top + gi * bandH;
    parts.push(label(labelW - 8, y0 + bandH / 2 + 4, fitLabel(g.label, labelW - 12), 'end'));
    g.values.forEach((v, si) => {
      const y = y0 + 4 + si * (barH + gap);
      const name = series[si] ?? '';
      parts.push(
        v === null
          ? `<rect x="${labelW}" y="${y}" width="${fmt(plotW)}" height="${barH}" class="absent-bar"><title>${escapeHtml(`${name} · ${g.label}: absent`)}</title></rect>`
          : `<rect x="${labelW}" y="${y}" width="${fmt(Math.max(1, scale.at(v)))}" height="${barH}" fill="${seriesColour(si)}"><title>${escapeHtml(`${name} · ${g.label}: ${v.toFixed(2)}`)}</title></rect>`,
      );
    });
  });
  return svg(title, width, axisY + 42, parts);
}

/** One stacked row: its parts' counts, in the order of the categories. */
export interface StackRow {
  label: string;
  counts: number[];
}

/** Horizontal bars of shares (each row's counts as % of its total), one colour per category. */
export function stackedShareChart(
  title: string,
  axisTitle: string,
  categories: readonly string[],
  rows: readonly StackRow[],
  width = WIDE,
): string {
  const labelW = labelWidth(width);
  const rowH = 26;
  const top = 8;
  const plotW = width - labelW - 20;
  const scale = linearScale([1], plotW, {
    max: 1,
    count: 4,
    format: (n) => `${Math.round(n * 100)}%`,
  });
  const axisY = top + rows.length * rowH + 4;
  const parts = xAxis(scale, labelW, plotW, top, axisY, axisTitle);
  rows.forEach((r, i) => {
    const y = top + i * rowH;
    parts.push(label(labelW - 8, y + 17, fitLabel(r.label, labelW - 12), 'end'));
    const total = r.counts.reduce((a, b) => a + b, 0);
    if (total === 0) {
      parts.push(label(labelW + 4, y + 17, 'no calls recorded', 'start', 'absent'));
      return;
    }
    let x = labelW;
    r.counts.forEach((n, ci) => {
      if (n === 0) return;
      const w = (n / total) * plotW;
      parts.push(
        `<rect x="${fmt(x)}" y="${y + 5}" width="${fmt(w)}" height="${rowH - 10}" fill="${seriesColour(ci)}"><title>${escapeHtml(`${r.label} · ${categories[ci] ?? ''}: ${n} of ${total}`)}</title></rect>`,
      );
      x += w;
    });
  });
  return svg(title, width, axisY + 42, parts);
}
