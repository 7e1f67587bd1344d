import type { DivergenceChoices } from './divergences/divergence-choices.js';
import type { FaultPlan } from './faults/fault-plan.js';
import type { SeedInput } from './seed/seed-shape.js';
import type { StateChange } from './state-checks/state-changes.js';
import type { StateAssertion, StateCheckResult } from './state-checks/types.js';
import type { CallRecord, FakeCredentials, Json, ValidationMode } from './types.js';
/** Validates a fault plan sent as JSON text; throws an error with `message` and `hint`. */
export type FaultPlanParser = (text: string, source: string) => FaultPlan;
/** Options of the control API (`startFakeCentral({ control: … })`). */
export interface ControlOptions {
    /**
     * Validates a fault plan sent to `PUT /_fake/faults` (JSON text) and throws an error with a
     * `message` and `hint` when it is invalid. The CLI and the npm package pass the harness's
     * schema validator; without one the plan gets a structural check.
     */
    parseFaultPlan?: FaultPlanParser;
}
/** Options of {@link startFakeCentral}; everything has a deterministic default. */
export interface FakeCentralOptions {
    /** Bundle name under fixtures/central (default `site-a`) or a bundle directory. */
    fixture?: string;
    /** Port on 127.0.0.1; 0 (default) picks a free one. */
    port?: number;
    host?: string;
    /**
     * `documents` (default): refuse, as the API does, requests HPE's documents forbid (a wrong type
     * or enum, a missing member, an unknown query parameter where the family refuses them), with
     * the family's 400 and no change. `lenient`: let them through to the handlers.
     */
    validation?: ValidationMode;
    /** Polls that answer RUNNING before async tasks complete (default 0). */
    asyncRunningPolls?: number;
    /** Fault plan for every run until setFaults() changes it (default: none). */
    faults?: FaultPlan | null;
    /** Short-pages mode from the start (see FakeCentral.setShortPages; default: off). */
    shortPages?: number | null;
    /** Called once per request after it is answered (the CLI logs these to stderr). */
    onRequest?: (record: CallRecord) => void;
    /**
     * Called with each answered JSON body and its call log `seq` (before onRequest): what the fake
     * served, for a client that judges an answer against it (the harness's tool sweep). Bodies are
     * never kept in the call log.
     */
    onAnswer?: (seq: number, body: Json) => void;
    /**
     * Also serve the control API (`/_fake/info`, `/_fake/calls`, `/_fake/reset`, `/_fake/faults`,
     * `/_fake/state`, `/_fake/state/check`) on its own loopback port with a random bearer token
     * (`FakeCentral.control`). Off by default, and never on in `run` or the action.
     */
    control?: boolean | ControlOptions;
}
/** What `state()` reports: the bundle served, and every change made to it since the last reset. */
export interface FakeStateReport {
    bundle: {
        id: string;
        version: string;
        contentHash: string;
    };
    /** Rows a seed added, per file (0 for a file a patch changed in place); absent without a seed. */
    seeded?: Record<string, number>;
    /** The deviations' behaviours the last reset picked (SPEC.md §13); absent: the defaults. */
    divergences?: DivergenceChoices;
    changes: StateChange[];
}
/** Items selected by dotted field paths (`{'essid.name': 'Guest'}`). */
export type Where = Record<string, Json>;
/**
 * Assertions on the fake's state and call log, each failure naming what differed; the same
 * checks and wording as the pytest plugin's `assert_added` & co. They judge with the fake's own
 * state check (`checkState`, the control API's `POST /_fake/state/check`) and call filter
 * (`GET /_fake/calls`), so the three ways in cannot disagree.
 */
export interface FakeAssertions {
    /** The changes against the bundle since the last reset, of one collection or all. */
    changes(collection?: string): StateChange[];
    /** `checkState` that throws, with its failures, collateral and summary, when it fails. */
    assertState(assertions: readonly StateAssertion[]): void;
    /**
     * `count` (default 1) items matching `where` were added to `collection`, each with `fields`.
     * Returns the added items. Changes elsewhere are not its business (`assertUnchanged` is).
     */
    assertAdded(collection: string, options?: {
        where?: Where;
        fields?: Where;
        count?: number;
    }): Json[];
    /** `count` (default 1) items of the bundle matching `where` are gone from `collection`. */
    assertRemoved(collection: string, options?: {
        where?: Where;
        count?: number;
    }): void;
    /** Nothing changed (in `collection`, among the items `where` selects, before or after). */
    assertUnchanged(collection?: string, options?: {
        where?: Where;
    }): void;
    /**
     * Calls since the reset matching an endpoint pattern (`POST /network-config/v1alpha1/wlan-ssids/*`):
     * `times` of them when given (else at least one), each answered `status` when given. Returns them.
     */
    assertCalled(pattern: string, options?: {
        times?: number;
        status?: number;
    }): CallRecord[];
    /** No call since the reset matched the endpoint pattern. */
    assertNotCalled(pattern: string): void;
    /**
     * No request since the reset sent the OAuth client secret anywhere but the token endpoint (a
     * header, the query, the body or the path of an API call: the call log's `credentialSent`).
     */
    assertSecretKept(): void;
}
/**
 * A running fake Central/GreenLake API, with assertions on its state and call log
 * ({@link FakeAssertions}: `assertAdded`, `assertUnchanged`, `assertCalled`…).
 */
export interface FakeCentral extends FakeAssertions {
    /** Base URL for plain-HTTP clients, e.g. `http://127.0.0.1:41234`. */
    url: string;
    /** HTTP(S) proxy URL: the same port also answers CONNECT and absolute-form requests. */
    proxyUrl: string;
    /** PEM file of the per-instance CA (removed by close()). */
    caCertPath: string;
    /** The per-instance CA certificate as PEM. */
    caCert: string;
    credentials: FakeCredentials;
    bundle: {
        id: string;
        version: string;
        contentHash: string;
        now: string;
    };
    /** Canary secret values planted in the bundle, the client secret, and every bearer token issued since the last reset. */
    canaries(): string[];
    /** The server-side call log since the last reset. */
    calls(): CallRecord[];
    /**
     * What a plain read (`GET`, a route of kind `read`) answers now, as an authorised client would
     * see it, without logging, counting or faulting it: for a harness lint that looks at pages a
     * server did not ask for. `path` may carry a query string. Null for anything but a routed read
     * (a write, a poll, an unknown path); refusals and errors come back with their status.
     */
    peek(path: string): Promise<{
        status: number;
        body: Json | undefined;
    } | null>;
    /**
     * Evaluates state assertions (a scenario's `expect.state`) against the state as it is now,
     * and lists every change to the bundle that no assertion allowed (collateral changes).
     */
    checkState(assertions: readonly StateAssertion[]): StateCheckResult;
    /**
     * Restores the bundle exactly and clears the call log, counters, tasks and fault counters.
     * `fixture` (a bundle name or directory) serves another bundle from now on; without it the
     * fake goes back to the bundle it started with. `validation` likewise defaults to the start's.
     * The fault plan stays (setFaults changes it). `seed` edits the world for what follows (see
     * {@link seed}); without one the bundle is served as it is. `divergences` picks, until the
     * next reset, the other behaviour of a deviation whose evidence is open (fake-central/SPEC.md
     * §13): `{ D20: 'connected' }` counts only connected clients in site and tenant client health.
     * Throws FakeCentralError for a bad fixture, seed or choice (naming the valid ones), and then
     * changes nothing.
     */
    reset(fixture?: string, settings?: {
        validation?: ValidationMode;
        seed?: SeedInput;
        divergences?: DivergenceChoices;
    }): void;
    /**
     * Edits the world until the next reset: `devices` are added to every endpoint that shows a
     * device of their site (inventory, monitoring, type lists and details, config health,
     * firmware, GreenLake, and the site's health counts); `patch` sets, adds or removes items of
     * one collection, and nothing else follows it. The seeded rows are part of the baseline
     * `state()` and `checkState` compare with, so only the test's own writes are changes. Starts
     * the state and the call log afresh (seed before the server acts). Returns the rows added per
     * file since the last reset. Throws FakeCentralError (`fixture_invalid`) naming the entry.
     */
    seed(edits: SeedInput): Record<string, number>;
    /** What changed against the bundle since the last reset, item by item. */
    state(): FakeStateReport;
    /** The control API, when started with `control`: its URL and bearer token. */
    control?: {
        url: string;
        token: string;
    };
    /** Sets the fault plan for the following calls (null: none) and restarts its counters. */
    setFaults(plan: FaultPlan | null): void;
    /**
     * Short-pages mode for the following calls (null: off, the default; reset() keeps it): every
     * collection the API pages by `next` or `offset` is served in `pages` pages, ceil(total ÷ pages)
     * items each, fewer than the `limit` asked for, with `next`, `offset`, `count` and `total`
     * consistent, as the API may page. A client that follows `next`, or advances the offset by
     * `count` until `total`, still gets every item; one that reads only the first page does not.
     * The call log marks each page so cut (`shortPages`); such reads are never cached. Throws a
     * TypeError for `pages` that is not a whole number from 2 to 100.
     */
    setShortPages(pages: number | null): void;
    /**
     * Environment for a server under test that keeps its production URLs: HTTPS_PROXY, HTTP_PROXY,
     * https_proxy, http_proxy, NO_PROXY/no_proxy (loopback), SSL_CERT_FILE, REQUESTS_CA_BUNDLE,
     * CURL_CA_BUNDLE, NODE_EXTRA_CA_CERTS.
     */
    serverEnv(): Record<string, string>;
    close(): Promise<void>;
}
