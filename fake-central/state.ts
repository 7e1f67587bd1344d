import type { Bundle } from './fixture-store.js';
import type { CallKind, Item, Json } from './types.js';
import type { FakeRequest, FakeResponse } from './http-types.js';
import { cloneJson } from './json-clone.js';

/** An async operation the fake created (troubleshooting test, alert action, GLP write). */
export interface AsyncTask {
  id: string;
  family: 'troubleshooting' | 'alerts' | 'greenlake';
  /** Path prefix the poll URL hangs under, e.g. `/network-troubleshooting/v1/aps/SN/ping`. */
  basePath: string;
  createdAt: string;
  polls: number;
  /** Polls answered RUNNING/IN_PROGRESS before the task completes. */
  runningPolls: number;
  outcome: 'succeeded' | 'failed';
  result: Json;
  failReason: string | null;
  rawOutput?: string | null;
  /** Set by applyTaskFaults when the fault plan shaped this task (polls are then marked). */
  injected?: { running: boolean; failed: boolean };
}

/** A request the router matched, as the fault hook sees it before auth and the handler. */
export interface RoutedCall {
  req: FakeRequest;
  /** The matched route (the hook reads its kind: token endpoints are `auth`). */
  route: { kind: CallKind };
  state: FakeState;
  /** The bearer token is valid (always true for token endpoints). */
  authorized: boolean;
}

/** What the hook decided: an answer replacing the handler's, and/or the call-log mark. */
export interface FaultDecision {
  response?: FakeResponse;
  /** Fault kinds that shaped this call, joined with `+` (e.g. `latency+rate_limit`). */
  fault?: string;
  /** The call arrived before the `Retry-After` of an earlier 429 had elapsed. */
  retryAfterEarly?: true;
}

/** Overrides for a task being created, from the task faults that fired. */
export interface TaskFaultOverride {
  runningPolls?: number;
  failReason?: string;
}

/**
 * The run's fault plan as the state carries it: dispatch asks it before every routed call, task
 * handlers before storing a task. faults/fault-injector.ts implements it; the core declares it,
 * so the core depends on no fault code (no folder import cycle).
 */
export interface FaultHooks {
  beforeRoute(call: RoutedCall): Promise<FaultDecision | undefined>;
  taskOverride(req: FakeRequest, family: AsyncTask['family']): TaskFaultOverride | undefined;
  /** After a read answered 200: a cut page (`short_page`) to send instead, or undefined. */
  afterRoute(call: RoutedCall, body: Json | undefined): CutPage | undefined;
}

/** A list page a fault cut short: the body to send, and how many items of how many it holds. */
export interface CutPage {
  body: Json;
  served: number;
  of: number;
}

/**
 * The mutable world a fake instance serves: a deep copy of the bundle plus counters.
 * `reset()` on the fake replaces it with a fresh copy, so every run starts from the same bytes.
 */
export class FakeState {
  readonly bundle: Bundle;
  private readonly data = new Map<string, Json>();
  readonly tasks = new Map<string, AsyncTask>();
  /** Serials with a reboot in flight (a second reboot answers 409). */
  readonly rebooting = new Set<string>();
  /** Bumped when a token is expired by a fault; tokens of older generations are refused. */
  tokenGeneration = 0;
  /** The run's fault plan in effect (null: no faults); fresh counters with every state. */
  faults: FaultHooks | null = null;
  /** Short-pages mode: each paged collection served in this many pages (null: off; paging.ts). */
  shortPages: number | null = null;
  private counters = new Map<string, number>();
  /** Derived views (filtered, sorted lists) valid until the next state-changing request. */
  private views = new Map<string, unknown>();
  /** Per-instance cache for values derived from the bundle only (tokens, headers). */
  readonly cache = new Map<string, string>();

  /** Wall clock minus the bundle's `now` when this state was made (see clock.ts). */
  readonly clockSkewMs: number;

  constructor(bundle: Bundle) {
    this.bundle = bundle;
    this.clockSkewMs = Date.now() - Date.parse(bundle.manifest.now);
  }

  /**
   * A derived view computed once and reused until {@link invalidateViews}. Lists are filtered and
   * sorted per request otherwise, which dominates the cost of paging 5,000 clients.
   */
  view<T>(key: string, compute: () => T): T {
    if (this.views.has(key)) return this.views.get(key) as T;
    const value = compute();
    this.views.set(key, value);
    return value;
  }

  /** A cached view, or undefined when there is none. */
  peekView<T>(key: string): T | undefined {
    return this.views.get(key) as T | undefined;
  }

  /** Called before any request that may change state (every method but GET/HEAD). */
  invalidateViews(): void {
    this.views.clear();
  }

  /** A collection (array) for reading or in-place mutation; created empty if absent. */
  list(name: string): Item[] {
    let value = this.data.get(name);
    if (value === undefined) {
      const source = this.bundle.files.get(name);
      value = Array.isArray(source) ? cloneJson(source) : [];
      this.data.set(name, value);
    }
    return value as Item[];
  }

  /** An object-shaped file (keyed map or singleton) for reading or mutation. */
  object(name: string): Item {
    let value = this.data.get(name);
    if (value === undefined) {
      const source = this.bundle.files.get(name);
      value =
        source !== undefined &&
        source !== null &&
        typeof source === 'object' &&
        !Array.isArray(source)
          ? cloneJson(source)
          : {};
      this.data.set(name, value);
    }
    return value as Item;
  }

  /** Replaces an object-shaped file (e.g. the firmware-compliance singleton). */
  setObject(name: string, value: Item): void {
    this.data.set(name, value);
  }

  /** The data files this state has loaded (and maybe changed), keyed by file name, as they are now. */
  touched(): ReadonlyMap<string, Json> {
    return this.data;
  }

  /** Next value of a named deterministic counter (1, 2, 3 … after each reset). */
  next(counter: string): number {
    const n = (this.counters.get(counter) ?? 0) + 1;
    this.counters.set(counter, n);
    return n;
  }

  /** The bundle's fixed clock; the fake never reads the wall clock for data. */
  get now(): string {
    return this.bundle.manifest.now;
  }
}
