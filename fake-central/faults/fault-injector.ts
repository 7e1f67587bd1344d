import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CutPage,
  FaultDecision,
  FaultHooks,
  RoutedCall,
  TaskFaultOverride,
} from '../state.js';
import type { FakeRequest, FakeResponse } from '../http-types.js';
import {
  EndpointPatternError,
  parseEndpointPattern,
  type EndpointPattern,
} from '../endpoint-pattern.js';
import { FakeCentralError } from '../errors.js';
import type { FaultKind, FaultPlan, FaultTrigger, TaskFamily } from './fault-plan.js';
import {
  clientErrorResponse,
  rateLimitedResponse,
  serverErrorResponse,
  tokenExpiredResponse,
} from './fault-responses.js';
import { cutPage } from './short-page.js';

/** The fault's patterns, parsed; a bad one is an error naming the fault plan field. */
function compileMatch(plan: FaultPlan, i: number): EndpointPattern[] | null {
  const fault = plan.faults[i];
  if (!fault || !('match' in fault) || !fault.match) return null;
  return fault.match.map((source, j) => {
    try {
      return parseEndpointPattern(source);
    } catch (error) {
      if (!(error instanceof EndpointPatternError)) throw error;
      throw new FakeCentralError(
        'fault_plan_invalid',
        `fault plan: faults[${i}].match[${j}]: ${error.message}`,
        error.hint,
        error,
      );
    }
  });
}

const DEFAULT_RETRY_AFTER = 1;
const DEFAULT_FAIL_REASON = 'Injected fault: the task failed';

/**
 * Applies one fault plan to one run. Counters start at zero for each instance, so a fresh
 * injector per reset() gives every run the same faults on the same calls.
 */
export class FaultInjector implements FaultHooks {
  private readonly matchers: (EndpointPattern[] | null)[];
  private readonly counts: number[];
  private readonly tokenCalls: number[];
  private readonly spent: boolean[];
  /** performance.now() before which a call ignores the last 429's Retry-After (0: none pending). */
  private retryAfterUntil = 0;

  constructor(readonly plan: FaultPlan) {
    this.matchers = plan.faults.map((_, i) => compileMatch(plan, i));
    this.counts = plan.faults.map(() => 0);
    this.tokenCalls = plan.faults.map(() => 0);
    this.spent = plan.faults.map(() => false);
  }

  /** Runs before auth and the handler of every routed call. */
  async beforeRoute(call: RoutedCall): Promise<FaultDecision | undefined> {
    const arrived = performance.now();
    // Token requests are not throttled by the API's Retry-After; every other call is.
    const early = call.route.kind !== 'auth' && arrived < this.retryAfterUntil;
    const marks: FaultKind[] = [];
    let response: FakeResponse | undefined;
    let delay = 0;
    this.plan.faults.forEach((fault, i) => {
      switch (fault.kind) {
        case 'task_running':
        case 'task_failed':
        case 'short_page':
          return;
        case 'token_expiry':
          if (response === undefined && this.tokenExpires(i, fault.afterCalls, call)) {
            if (!fault.repeat) this.spent[i] = true;
            call.state.tokenGeneration += 1;
            response = tokenExpiredResponse();
            marks.push(fault.kind);
          }
          return;
        case 'latency':
          if (this.fires(i, fault, call)) {
            delay += fault.ms;
            marks.push(fault.kind);
          }
          return;
        case 'rate_limit':
        case 'server_error':
        case 'client_error':
          // Every matching call is counted, even when an earlier fault already answers it.
          if (this.fires(i, fault, call) && response === undefined) {
            if (fault.kind === 'rate_limit') {
              const seconds = fault.retryAfter ?? DEFAULT_RETRY_AFTER;
              response = rateLimitedResponse(call.state, seconds);
              this.retryAfterUntil = arrived + seconds * 1000;
            } else if (fault.kind === 'server_error') {
              response = serverErrorResponse(fault.status ?? 503);
            } else {
              response = clientErrorResponse(fault.status ?? 400);
            }
            marks.push(fault.kind);
          }
          return;
      }
    });
    if (delay > 0) await sleep(delay);
    if (marks.length === 0) return early ? { retryAfterEarly: true } : undefined;
    return {
      ...(response === undefined ? {} : { response }),
      fault: marks.join('+'),
      ...(early ? { retryAfterEarly: true as const } : {}),
    };
  }

  /**
   * Runs after the handler answered a read 200: a `short_page` fault that fires cuts the page.
   * Only pages that can be cut are counted, so `first: 1` means the first cuttable page.
   */
  afterRoute(call: RoutedCall, body: FakeResponse['body']): CutPage | undefined {
    let cut: CutPage | undefined;
    this.plan.faults.forEach((fault, i) => {
      if (fault.kind !== 'short_page' || cut !== undefined) return;
      const candidate = cutPage(body, fault.keep);
      if (candidate !== null && this.fires(i, fault, call)) cut = candidate;
    });
    return cut;
  }

  /** Overrides for a task a handler is creating now, or undefined when no task fault fires. */
  taskOverride(req: FakeRequest, family: TaskFamily): TaskFaultOverride | undefined {
    let override: TaskFaultOverride | undefined;
    this.plan.faults.forEach((fault, i) => {
      if (fault.kind !== 'task_running' && fault.kind !== 'task_failed') return;
      if (fault.families && !fault.families.includes(family)) return;
      if (!this.firesOn(i, fault, req, true)) return;
      override ??= {};
      if (fault.kind === 'task_running') override.runningPolls = fault.polls;
      else override.failReason = fault.reason ?? DEFAULT_FAIL_REASON;
    });
    return override;
  }

  private tokenExpires(i: number, afterCalls: number, call: RoutedCall): boolean {
    if (this.spent[i] || call.route.kind === 'auth' || !call.authorized) return false;
    const calls = (this.tokenCalls[i] ?? 0) + 1;
    this.tokenCalls[i] = calls;
    if (calls <= afterCalls) return false;
    this.tokenCalls[i] = 0;
    return true;
  }

  private fires(i: number, trigger: FaultTrigger, call: RoutedCall): boolean {
    return this.firesOn(i, trigger, call.req, call.route.kind !== 'auth');
  }

  /** Counts the call if the fault's patterns (or the default scope) cover it, then applies the trigger. */
  private firesOn(
    i: number,
    trigger: FaultTrigger,
    req: FakeRequest,
    inDefaultScope: boolean,
  ): boolean {
    const matchers = this.matchers[i];
    const covered = matchers
      ? matchers.some((m) => m.matches(req.method, req.rawPath))
      : inDefaultScope;
    if (!covered) return false;
    const n = (this.counts[i] ?? 0) + 1;
    this.counts[i] = n;
    if (trigger.first !== undefined) return n <= trigger.first;
    if (trigger.every !== undefined) return n % trigger.every === 0;
    return true;
  }
}
