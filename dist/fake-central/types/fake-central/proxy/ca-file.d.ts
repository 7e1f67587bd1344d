/** A PEM written to a private temp directory; `remove()` deletes it (idempotent). */
export interface TempPemFile {
    path: string;
    remove: () => void;
}
/** Writes the CA certificate where client trust-store variables can point at it. */
export declare function writeCaFile(pem: string): TempPemFile;
