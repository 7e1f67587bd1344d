import { shares, type ConformanceReport } from './run-conformance.js';

/** The human table: one line per document, totals, then each failing operation's first mismatch. */
export function renderConformance(
  report: ConformanceReport,
  options: { details?: boolean } = {},
): string {
  const rows = report.documents.map((d) => [
    d.file,
    d.operations,
    d.routed,
    d.ok,
    d.valid,
    d.validWithDeviations,
  ]);
  const t = report.totals;
  rows.push(['total', t.operations, t.routed, t.ok, t.valid, t.validWithDeviations]);
  const width = Math.max(8, ...rows.map((r) => String(r[0]).length));
  const line = (r: (string | number)[]): string =>
    `${String(r[0]).padEnd(width)}  ${r
      .slice(1)
      .map((v) => String(v).padStart(7))
      .join(' ')}`;
  const s = shares(t);
  const out = [
    `conformance of fake-central (bundle ${report.fixture}) against the documents: ${report.methods.join(', ')} operations`,
    line(['document', 'ops', 'routed', '200', 'valid', 'valid*']),
    ...rows.map(line),
    `routed ${s.routed}% of operations; schema-valid ${s.valid}% of 200 answers (${s.validWithDeviations}% counting the deviations of fake-central/SPEC.md §13: valid*)`,
  ];
  const w = t.writes;
  if (w !== undefined) {
    out.push(
      `writes: ${w.ok} of ${w.probed} create → read-back → delete lifecycles passed` +
        report.documents
          .filter((d) => (d.writes?.probed ?? 0) > 0)
          .map((d) => `\n  ${d.file}: ${d.writes?.ok ?? 0}/${d.writes?.probed ?? 0}`)
          .join(''),
    );
  }
  const r = t.rejects;
  if (r !== undefined) {
    out.push(
      `rejects: ${r.refused} of ${r.probed} requests breaking one documented query rule refused with the family's error body for that rule (GETs left out: ${r.baseRefused} whose filled request is refused already, ${r.unrouted} the fake does not serve)` +
        report.documents
          .filter((d) => (d.rejects?.probed ?? 0) > 0)
          .map((d) => `\n  ${d.file}: ${d.rejects?.refused ?? 0}/${d.rejects?.probed ?? 0}`)
          .join(''),
    );
  }
  if (options.details !== false) {
    for (const d of report.documents) {
      const failing = d.results.filter((r) => r.mismatch !== undefined);
      if (failing.length === 0) continue;
      out.push('', `${d.file}:`);
      for (const r of failing) {
        const note = r.deviations ? ` [deviation ${r.deviations.join(', ')}]` : '';
        out.push(`  ${r.method} ${r.path} (${r.operationId}): ${r.mismatch}${note}`);
      }
    }
    for (const d of report.documents) {
      const failing = d.rejects?.results.filter((p) => !p.refused) ?? [];
      if (failing.length === 0) continue;
      out.push('', `${d.file} rejects:`);
      for (const p of failing)
        out.push(
          `  ${p.request} (${p.operationId}, ${p.rule} ${p.parameter}): ${p.mismatch ?? ''}`,
        );
    }
    for (const d of report.documents) {
      const failing = d.writes?.results.filter((r) => !r.ok) ?? [];
      if (failing.length === 0) continue;
      out.push('', `${d.file} writes:`);
      for (const r of failing) out.push(`  ${r.path} (${r.operationId}): ${r.mismatch ?? ''}`);
    }
  }
  return out.join('\n') + '\n';
}
