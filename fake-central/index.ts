export {
  startFakeCentral,
  type FakeCentral,
  type FakeCentralOptions,
} from './start-fake-central.js';
export { FakeCentralError } from './errors.js';
export {
  listBundles,
  loadBundle,
  resolveBundleDir,
  defaultFixturesRoot,
  type Bundle,
  type BundleManifest,
  type Canary,
} from './fixture-store.js';
export type { CallKind, CallRecord, FakeCredentials } from './types.js';
export { CALL_KINDS } from './types.js';
