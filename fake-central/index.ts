export {
  startFakeCentral,
  type FakeCentral,
  type FakeCentralOptions,
  type FakeStateReport,
} from './start-fake-central.js';
export type { ControlOptions, FaultPlanParser } from './fake-central-api.js';
export type { StateChange } from './state-checks/state-changes.js';
export type { SeedDevice, SeedInput, SeedPatch } from './seed/seed-shape.js';
export {
  DIVERGENCE_CHOICES,
  type DivergenceChoices,
  type DivergenceId,
} from './divergences/divergence-choices.js';
export { FakeCentralError } from './errors.js';
export { FakeCentralAssertionError } from './assertions/fake-assertions.js';
export type { FakeAssertions, Where } from './fake-central-api.js';
export { sharedBundle } from './shared-bundles.js';
export {
  listBundles,
  loadBundle,
  resolveBundleDir,
  defaultFixturesRoot,
  contentHashOf,
  findUp,
  type Bundle,
  type BundleManifest,
  type Canary,
} from './fixture-store.js';
export type {
  CallKind,
  CallRecord,
  FakeCredentials,
  RefusalRule,
  RefusedRequest,
  ValidationMode,
} from './types.js';
export { CALL_KINDS, REFUSAL_RULES, VALIDATION_MODES } from './types.js';
export {
  FAULT_KINDS,
  TASK_FAMILIES,
  type Fault,
  type FaultKind,
  type FaultPlan,
  type TaskFamily,
} from './faults/fault-plan.js';
export { INTERCEPTED_HOSTS, isInterceptedHost } from './proxy/intercepted-hosts.js';
export { LOOPBACK_NO_PROXY, proxyEnvironment } from './proxy/proxy-env.js';
export { checkState, type StateSnapshot } from './state-checks/check-state.js';
export type { CollateralChange, StateAssertion, StateCheckResult } from './state-checks/types.js';
export { itemsOf } from './state-checks/diff-state.js';
export { matchesWhere } from './state-checks/json-path.js';
export type { Json } from './types.js';
export {
  HTTP_METHODS,
  EndpointPatternError,
  endpointPatternProblem,
  findMatchingPattern,
  normalizeRequestPath,
  parseEndpointPattern,
  type EndpointPattern,
} from './endpoint-pattern.js';
export { closest, didYouMean } from './did-you-mean.js';
