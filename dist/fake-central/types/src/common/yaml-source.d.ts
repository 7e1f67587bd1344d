import { LineCounter, type Document } from 'yaml';
import type { ScenarioError } from './source-error.js';
/** One YAML document of a file, with what is needed to map a JSON pointer back to line:col. */
export interface YamlDocument {
    file: string;
    doc: Document.Parsed;
    lineCounter: LineCounter;
    /** The document as plain data (`doc.toJS()`). */
    data: unknown;
}
/** Path segments of a JSON pointer (`/expect/api_calls/0` → `['expect', 'api_calls', '0']`). */
export declare function pointerSegments(pointer: string): string[];
/** The JSON pointer of a path. */
export declare function toPointer(segments: readonly (string | number)[]): string;
/**
 * Parses every document of a multi-document YAML file. Syntax errors come back as positioned
 * errors (the document they are in is dropped), as do numbers that are not finite (`1e400`);
 * empty documents (a trailing `---`) are skipped.
 */
export declare function parseYamlDocuments(file: string, text: string): {
    documents: YamlDocument[];
    errors: ScenarioError[];
};
/**
 * The 1-based position of the node at `path` in a document: its value, or with `at: 'key'` the
 * key of its mapping entry. A path that does not exist resolves to its deepest existing ancestor,
 * so a missing field points at the mapping that should hold it.
 */
export declare function positionOf(source: YamlDocument, path: readonly (string | number)[], at?: 'value' | 'key'): {
    line: number;
    col: number;
};
/** A positioned error at `path` in a document. */
export declare function errorAt(source: YamlDocument, path: readonly (string | number)[], message: string, options?: {
    hint?: string | undefined;
    at?: 'value' | 'key';
    pointer?: string;
}): ScenarioError;
