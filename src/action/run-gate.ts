import * as core from '@actions/core';
import { checkBaseline } from '../baseline/check-baseline.js';
import { baselineKey, restorePrefixes, shouldSaveBaseline } from '../baseline/baseline-keys.js';
import { BaselineUnavailableError, type Baseline, type BaselineStore } from '../baseline/types.js';
import { savableAsBaseline } from '../gate/comparability.js';
import { gate, gatedSummaryMarkdown } from '../gate/gate.js';
import type { Verdict } from '../gate/types.js';
import type { Report } from '../report/types.js';
import type { ActionInputs } from './inputs.js';
import { publishComment, wantsComment } from './publish.js';
import { writeReportFiles } from './report-files.js';
import type { RunContext } from './run-context.js';

async function restoreBaseline(
  store: BaselineStore,
  inputs: ActionInputs,
  report: Report,
): Promise<Baseline<Report> | null> {
  try {
    const restored = await store.restore(
      restorePrefixes(inputs.baselineKeyPrefix, report.manifest.hash),
    );
    const found = restored ? checkBaseline(restored, 'the restored baseline') : null;
    if (found) {
      const days = Math.max(0, (Date.now() - Date.parse(found.savedAt)) / 86_400_000);
      core.info(
        `Baseline: ${found.key} (commit ${found.sha}, saved ${found.savedAt}, ${days.toFixed(1)} days old)`,
      );
    } else {
      core.info('No baseline found (cold start): gating on the absolute rules only.');
    }
    return found;
  } catch (error) {
    if (!(error instanceof BaselineUnavailableError)) throw error;
    core.warning(`Baseline unavailable, gating on the absolute rules only: ${error.message}`);
    return null;
  }
}

async function saveBaseline(
  store: BaselineStore,
  inputs: ActionInputs,
  context: RunContext,
  report: Report,
): Promise<void> {
  const baseline: Baseline = {
    key: baselineKey(inputs.baselineKeyPrefix, report.manifest.hash, context.sha),
    sha: context.sha,
    ref: context.ref,
    manifestHash: report.manifest.hash,
    savedAt: new Date().toISOString(),
    report,
  };
  try {
    await store.save(baseline);
    core.info(`Saved the baseline as ${baseline.key}`);
  } catch (error) {
    if (!(error instanceof BaselineUnavailableError)) throw error;
    core.warning(`The baseline was not saved: ${error.message}`);
  }
}

/**
 * The gate and merge modes' common tail: baseline in, verdict out, files, job summary, comment,
 * outputs, baseline save (default-branch pushes only), and the check's result.
 */
export async function finishGate(
  report: Report,
  inputs: ActionInputs,
  context: RunContext,
  store: BaselineStore,
): Promise<Verdict> {
  const baseline = await restoreBaseline(store, inputs, report);
  const { verdict, comment, summary } = gate(
    report,
    baseline
      ? {
          report: baseline.report,
          sha: baseline.sha,
          savedAt: baseline.savedAt,
          now: Date.parse(report.generated_at),
        }
      : null,
    inputs.thresholds,
  );
  const stored =
    context.repo && context.pullNumber !== null
      ? { pullNumber: context.pullNumber, ...context.repo, body: comment }
      : null;
  const reportPath = await writeReportFiles(
    inputs.reportDir,
    report,
    verdict,
    comment,
    gatedSummaryMarkdown(report, verdict),
    stored,
  );
  await core.summary.addRaw(summary).write();
  const commentUrl = wantsComment(inputs.comment, verdict, stored !== null)
    ? await publishComment(inputs, context, comment)
    : '';
  core.setOutput('report-path', reportPath);
  core.setOutput('verdict', verdict.status);
  core.setOutput('task-success', verdict.taskSuccess === null ? '' : String(verdict.taskSuccess));
  core.setOutput('safety-failures', String(verdict.safetyFailures));
  core.setOutput('regressed', String(verdict.regressions.length > 0));
  core.setOutput('comment-url', commentUrl);
  core.setOutput('baseline-sha', baseline?.sha ?? '');
  // A push whose only failing rule is not-comparable (its settings changed on purpose) still
  // saves: otherwise no baseline with the new settings would ever be kept.
  if (shouldSaveBaseline(inputs.saveBaseline, context) && savableAsBaseline(verdict)) {
    await saveBaseline(store, inputs, context, report);
  }
  if (verdict.status === 'fail') core.setFailed(`hpe-mcp-bench: ${verdict.reasons.join('; ')}`);
  return verdict;
}
