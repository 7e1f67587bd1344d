/**
 * The hpe-mcp-bench package root (the directory holding `scenarios/scenario.schema.json`), found
 * from this module whether it runs from source or from a dist bundle (the same walk the fake uses
 * for its fixtures).
 */
export declare function packageRoot(): string;
