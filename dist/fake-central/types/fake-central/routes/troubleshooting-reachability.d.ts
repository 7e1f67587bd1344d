import type { TestInput, TestResult } from './troubleshooting-defaults.js';
/** Result builders of the reachability and throughput tests, by action name. */
export declare const REACHABILITY: Record<string, (input: TestInput) => TestResult>;
