/**
 * One problem in a manifest. `line` 0 means the problem has no position (a directory without
 * suite files). `pointer` is a JSON pointer into the YAML document ('' for the whole file).
 */
export interface ScenarioError {
    file: string;
    line: number;
    col: number;
    pointer: string;
    message: string;
    hint?: string;
    /** A warning, not an error: reported, but the scenario stays valid (a `# unanchored` citation). */
    warning?: true;
}
/** `file:line:col: pointer: message (hint)`, leaving out the parts a problem does not have. */
export declare function formatScenarioError(error: ScenarioError): string;
