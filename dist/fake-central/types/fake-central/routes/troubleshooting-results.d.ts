import { type TestInput, type TestResult } from './troubleshooting-defaults.js';
export type { TestResult };
/** The fixture's recorded result for the device and action when it applies, else a plausible default. */
export declare function testResult(input: TestInput): TestResult;
