import { createHash } from 'node:crypto';
import { resultText } from '../agent/result-text.js';
import { jsonStrings } from '../metrics/contains-fact.js';
import { mayHoldSecret } from '../metrics/any-secret.js';
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
  // One pass for all the secrets; only an answer that may hold one is searched secret by secret.
  if (
    !mayHoldSecret(
      hay,
      secrets.map((s) => s.value),
    )
  )
    return undefined;
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

/** A digest of what answerLeak reads of an answer, and of the secrets it looks for. */
function answerKey(outcome: ToolCallOutcome, secrets: readonly Secret[]): string {
  const { content, structuredContent, protocolError } = outcome;
  return createHash('sha256')
    .update(JSON.stringify({ content, structuredContent, protocolError, secrets }))
    .digest('hex');
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
  // Answers already scanned clean, by a digest of the answer and the secrets looked for: a tool's
  // second plain call, its short-pages answer and an ignored filter's answer repeat the first
  // (a listing of thousands of clients, scanned in every encoding), and the same answer under the
  // same secrets scans the same. Only a leak's absence is kept: a leak ends the tool's scanning.
  const clean = new Set<string>();
  return {
    heard(tool, where, outcome) {
      if (leaks.has(tool)) return;
      const now = secrets();
      const key = answerKey(outcome, now);
      if (clean.has(key)) return;
      const leak = answerLeak(outcome, now);
      if (leak === undefined) clean.add(key);
      else leaks.set(tool, `${where} carried a secret (${leak})`);
    },
    mark: (tools) =>
      tools.map((entry) => {
        const leak = leaks.get(entry.tool);
        return leak === undefined ? entry : { ...entry, outcome: 'unsafe', error: leak };
      }),
  };
}
