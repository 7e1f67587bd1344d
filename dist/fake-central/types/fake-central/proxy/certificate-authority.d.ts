import 'reflect-metadata';
import { type SecureContext } from 'node:tls';
/**
 * A CA generated per fake instance (ECDSA P-256), issuing one leaf certificate per intercepted
 * host on first use. Nothing is persisted: the private keys live only in this process.
 */
export declare class CertificateAuthority {
    private readonly cert;
    private readonly caKeys;
    private readonly leafKeys;
    private readonly leafKeyPem;
    /** The CA certificate as PEM, for the clients' trust store. */
    readonly certPem: string;
    private readonly contexts;
    private constructor();
    /** Generates the CA key, its self-signed certificate and the key shared by the leaves. */
    static create(): Promise<CertificateAuthority>;
    /** A TLS context presenting a leaf certificate for `host` (issued once, then cached). */
    secureContextFor(host: string): Promise<SecureContext>;
    /** PEM of the leaf certificate for `host` (for tests and diagnostics). */
    leafPemFor(host: string): Promise<string>;
    private leaf;
    private issue;
}
