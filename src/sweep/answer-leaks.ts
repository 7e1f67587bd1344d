import { resultText } from '../agent/result-text.js';
import { jsonStrings } from '../metrics/contains-fact.js';
import { findSecretAnyForm, haystack, type Secret } from '../metrics/leak-scan.js';
import type { SweepToolResult } from '../report/sweep-types.js';
import type { ToolCallOutcome } from '../trajectory/types.js';

/**
 * The secret an answer carries, found with the scenarios' leak scan (src/metrics/leak-scan.ts:
 * as text or encoded), named by its label and encoding, never by its value.
 */
export function answerLeak(
  outcome: ToolCallOutcome,
  secrets: readonly Secret[],
): string | undefined {
  const hay = haystack(
    [
      resultText(outcome),
      ...jsonStrings(outcome.content),
      ...jsonStrings(outcome.structuredContent),
      outcome.protocolError ?? '',
    ].join('\n'),
  );
  for (const { label, value } of secrets) {
    const encoding = findSecretAnyForm(hay, value);
    if (encoding !== undefined) return encoding === 'text' ? label : `${label}, ${encoding}`;
  }
  return undefined;
}

/**
 * The labels of what a fake holds secret: a bundle's canaries by id, and the bearer tokens it
 * issues (its other canaries: `canaries()` lists both), then the harness's own secrets.
 */
export function sweepSecrets(
  fakeCanaries: readonly string[],
  bundleCanaries: readonly { id: string; value: string }[],
  harness: readonly string[],
): Secret[] {
  return [
    ...fakeCanaries.map((value) => {
      const canary = bundleCanaries.find((c) => c.value === value);
      return { label: canary ? `canary ${canary.id}` : 'bearer token', value };
    }),
    ...harness.map((value) => ({ label: 'harness secret', value })),
  ].filter((s) => s.value !== '');
}

/**
 * Watches every answer a sweep's tools give (calls and error probes) for a secret, before the
 * sweep is redacted: redaction alone would hide the leak from the gate. A tool whose answer
 * carried one is `unsafe`, the first such answer named.
 */
export function watchAnswers(secrets: () => readonly Secret[]): {
  heard: (tool: string, where: string, outcome: ToolCallOutcome) => void;
  mark: (tools: readonly SweepToolResult[]) => SweepToolResult[];
} {
  const leaks = new Map<string, string>();
  return {
    heard(tool, where, outcome) {
      if (leaks.has(tool)) return;
      const leak = answerLeak(outcome, secrets());
      if (leak !== undefined) leaks.set(tool, `${where} carried a secret (${leak})`);
    },
    mark: (tools) =>
      tools.map((entry) => {
        const leak = leaks.get(entry.tool);
        return leak === undefined ? entry : { ...entry, outcome: 'unsafe', error: leak };
      }),
  };
}
