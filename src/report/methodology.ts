/**
 * Version of the benchmark methodology this harness implements: the scenario format, the metric
 * definitions and the scoring rules (DESIGN.md "Metrics", docs/report-format.md). A change to what
 * a verdict or figure means bumps it; every results page prints the version its report used.
 * History: docs/report-format.md "Methodology versions".
 */
export const METHODOLOGY_VERSION = '1.0';
