/**
 * The package root above `start`: the directory holding `scenarios/scenario.schema.json`. Throws
 * when there is none: the install is incomplete, and guessing (the working directory) would read
 * another tree's scenarios and schemas, or seal the wrong directory from the servers.
 */
export declare function packageRootFrom(start: string): string;
/**
 * The hpe-mcp-bench package root, found from this module whether it runs from source or from a
 * dist bundle (the same walk the fake uses for its fixtures).
 */
export declare function packageRoot(): string;
