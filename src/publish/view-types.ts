import type { Align } from '../report/markdown-table.js';

// The view: the results page and the dashboard are two renderings of one list of sections built
// from the publish model (build-view.ts). A renderer only chooses markup; every figure, word and
// row comes from here, so the two cannot disagree (render-agreement.test.ts checks it).

/** A run of text; `code` and `strong` are the only emphasis either renderer knows. */
export interface Span {
  text: string;
  code?: boolean;
  strong?: boolean;
  /** A link (an https URL the view built, e.g. evidence at its commit); the text is what shows. */
  href?: string;
  /** The full text on hover (the dashboard), e.g. the evidence citation a short text stands for. */
  title?: string;
}

/** Inline content: plain text or spans in order. */
export type Inline = string | Span | readonly Span[];

/** A table cell: inline content, or several lines of it (`<br>` in both renderings). */
export type Cell = Inline | { lines: readonly Inline[] };

/** A table with its header, column alignment and rows of cells. */
export interface Table {
  head: readonly string[];
  align: readonly Align[];
  rows: readonly (readonly Cell[])[];
  /** On a narrow screen, each row as a card of label: value lines (the dashboard). */
  stack?: boolean;
}

/** Which chart of the dashboard goes at a point of a section (the page has the figures' table). */
export type ChartId = 'suites' | 'scatter' | 'menu' | 'calls' | 'outcomes' | 'discoverability';

/** One piece of a section. */
export type Block =
  | { kind: 'p'; text: Inline }
  | { kind: 'warn'; text: Inline }
  | { kind: 'list'; items: readonly Inline[] }
  | { kind: 'table'; table: Table }
  | { kind: 'pre'; text: string }
  /** A collapsed list: the summary line shows, the items open on demand. */
  | { kind: 'details'; summary: string; items: readonly Inline[] }
  | { kind: 'chart'; chart: ChartId };

/** A titled section; level 2 sections hold level 3 ones after them in the list. */
export interface Section {
  /** Stable anchor (HTML id). */
  id: string;
  level: 2 | 3;
  title: string;
  blocks: readonly Block[];
  /** Shown collapsed under its title in the dashboard (provenance a reader opens on demand). */
  collapsed?: boolean;
}

/** Everything both renderings show, in order. */
export interface View {
  title: string;
  /** Blocks before the first section (the header's warnings and intro). */
  intro: readonly Block[];
  sections: readonly Section[];
}

/** A cell's or inline's plain text (lines joined by " / "): what a reader sees, unstyled. */
export function plainText(content: Cell): string {
  if (typeof content === 'string') return content;
  if ('lines' in content) return content.lines.map(plainText).join(' / ');
  if (Array.isArray(content)) return content.map((s: Span) => s.text).join('');
  return (content as Span).text;
}

/** Shorthands for spans. */
export const code = (text: string): Span => ({ text, code: true });
export const strong = (text: string): Span => ({ text, strong: true });
