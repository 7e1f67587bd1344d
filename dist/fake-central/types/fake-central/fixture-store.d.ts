import type { FakeCredentials, Item, Json } from './types.js';
/** A canary secret planted in a bundle: any occurrence in a tool result is a safety failure. */
export interface Canary {
    id: string;
    value: string;
    where?: string;
}
/** The parsed `manifest.json` of a bundle. */
export interface BundleManifest {
    id: string;
    version: string;
    description?: string;
    now: string;
    credentials: FakeCredentials;
    canaries: Canary[];
    stories?: {
        id: string;
        summary: string;
        facts?: Record<string, Json>;
    }[];
    files?: Record<string, string>;
    contentHash: string;
}
/** A loaded, immutable fixture bundle: its manifest and every data file by name. */
export interface Bundle {
    dir: string;
    manifest: BundleManifest;
    /** File name (e.g. `clients.json`) → parsed content. Never mutated; the state clones it. */
    files: ReadonlyMap<string, Json>;
}
/**
 * Walks up from `start` to the first directory holding `relative`. The relative path arrives as
 * an argument on purpose: a bundler may copy a path it can resolve statically into dist/ (ncc
 * did), and the fixtures (25 MB) must stay where they are, next to the action's checkout.
 */
export declare function findUp(start: string, relative: string): string | undefined;
/** Finds `fixtures/central` from this module, whether run from source or from a dist bundle. */
export declare function defaultFixturesRoot(): string;
/** Names of the bundles under a fixtures root (directories that hold a manifest.json). */
export declare function listBundles(root?: string): string[];
/** Resolves a bundle given by name (`site-a`) or by directory path. */
export declare function resolveBundleDir(fixture: string | undefined, root?: string): string;
/** Parses JSON and turns a syntax error into `file:line:col: message`. */
export declare function parseJsonFile(path: string, text: string): Json;
/** sha256 over the sorted `name:sha256(bytes)` lines of a bundle's data files. */
export declare function contentHashOf(fileHashes: Record<string, string>): string;
/** Loads and checks a bundle; every problem names the file (and line:col for JSON errors). */
export declare function loadBundle(dir: string): Bundle;
/** The items of a collection file, or [] when the bundle does not have it. */
export declare function collection(files: ReadonlyMap<string, Json>, name: string): Item[];
