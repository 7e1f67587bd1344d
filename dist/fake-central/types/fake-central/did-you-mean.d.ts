/** Edit distance between two strings (insertions, deletions, substitutions). */
export declare function editDistance(a: string, b: string): number;
/** The candidate closest to `word`, if it is close enough to be a plausible typo. */
export declare function closest(word: string, candidates: readonly string[]): string | undefined;
/** `did you mean "x"? ` (with the trailing space) or the empty string. */
export declare function didYouMean(word: string, candidates: readonly string[]): string;
