/**
 * `hpe-mcp-bench/fake-central`: the fake Central/GreenLake API for a server's own tests
 * (docs/testing-with-the-fake.md). Built as its own bundle (dist/fake-central), so importing it
 * loads the fake and the fault-plan validator only: no harness, tokenizer or model SDK.
 *
 * ```ts
 * import { startFakeCentral } from 'hpe-mcp-bench/fake-central';
 * const fake = await startFakeCentral({ fixture: 'site-a' });
 * process.env = { ...process.env, ...fake.serverEnv() }; // or spawn the server with it
 * ```
 */
import { type FakeCentral, type FakeCentralOptions } from '../../fake-central/index.js';
/**
 * Boots the fake on 127.0.0.1 (a free port unless `port` says otherwise): the API, an
 * intercepting HTTPS proxy on the same port, a per-instance CA, and with `control: true` the
 * control API on its own port. Its options are checked first (types, ranges, unknown keys), and
 * fault plans — in the options, to setFaults() or sent to the control API — by the same validator
 * as `hpe-mcp-bench fake-central --faults`. Stop it with `close()`.
 */
export declare function startFakeCentral(options?: FakeCentralOptions): Promise<FakeCentral>;
export { loadFaultPlan, parseFaultPlan } from '../resilience/load-fault-plan.js';
export { CALL_KINDS, DIVERGENCE_CHOICES, FAULT_KINDS, FakeCentralAssertionError, FakeCentralError, INTERCEPTED_HOSTS, listBundles, parseEndpointPattern, proxyEnvironment, type CallKind, type CallRecord, type CollateralChange, type ControlOptions, type DivergenceChoices, type DivergenceId, type EndpointPattern, type FakeAssertions, type FakeCentral, type FakeCentralOptions, type FakeCredentials, type FakeStateReport, type Fault, type FaultKind, type FaultPlan, type Json, type SeedDevice, type SeedInput, type SeedPatch, type StateAssertion, type StateChange, type StateCheckResult, type Where, } from '../../fake-central/index.js';
