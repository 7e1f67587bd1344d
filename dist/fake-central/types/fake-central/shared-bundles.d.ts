import { type Bundle } from './fixture-store.js';
/** {@link loadBundle}, read once per process while its files stay as they were. */
export declare function sharedBundle(dir: string): Bundle;
