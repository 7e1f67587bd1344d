// @peculiar/x509 needs a Reflect polyfill loaded before it (its README).
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { randomBytes, webcrypto } from 'node:crypto';
import { createSecureContext, type SecureContext } from 'node:tls';

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const DAY_MS = 86_400_000;
const crypto = webcrypto;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
type CryptoKey = webcrypto.CryptoKey;

async function keyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await crypto.subtle.exportKey('pkcs8', key));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

function serial(): string {
  // Positive 16-byte serial: clear the top bit so DER does not read it as negative.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function validity(): { notBefore: Date; notAfter: Date } {
  // Backdated a day so clients with a slightly wrong clock still accept the chain.
  const now = Date.now();
  return { notBefore: new Date(now - DAY_MS), notAfter: new Date(now + 30 * DAY_MS) };
}

/**
 * A CA generated per fake instance (ECDSA P-256), issuing one leaf certificate per intercepted
 * host on first use. Nothing is persisted: the private keys live only in this process.
 */
export class CertificateAuthority {
  /** The CA certificate as PEM, for the clients' trust store. */
  readonly certPem: string;
  private readonly contexts = new Map<string, Promise<SecureContext>>();

  private constructor(
    private readonly cert: x509.X509Certificate,
    private readonly caKeys: CryptoKeyPair,
    private readonly leafKeys: CryptoKeyPair,
    private readonly leafKeyPem: string,
  ) {
    this.certPem = cert.toString('pem');
  }

  /** Generates the CA key, its self-signed certificate and the key shared by the leaves. */
  static async create(): Promise<CertificateAuthority> {
    const caKeys = await keyPair();
    const cert = await x509.X509CertificateGenerator.createSelfSigned(
      {
        serialNumber: serial(),
        name: `CN=hpe-mcp-bench fake-central CA ${serial().slice(0, 8)}, O=hpe-mcp-bench`,
        ...validity(),
        signingAlgorithm: ALG,
        keys: caKeys,
        extensions: [
          new x509.BasicConstraintsExtension(true, 0, true),
          new x509.KeyUsagesExtension(
            x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
            true,
          ),
          await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
          // Strict verifiers (Python ≥ 3.13 sets VERIFY_X509_STRICT) want key identifiers everywhere.
          await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey, false, crypto),
        ],
      },
      crypto,
    );
    const leafKeys = await keyPair();
    return new CertificateAuthority(
      cert,
      caKeys,
      leafKeys,
      await privateKeyPem(leafKeys.privateKey),
    );
  }

  /** A TLS context presenting a leaf certificate for `host` (issued once, then cached). */
  secureContextFor(host: string): Promise<SecureContext> {
    let context = this.contexts.get(host);
    if (context === undefined) {
      context = this.issue(host);
      this.contexts.set(host, context);
    }
    return context;
  }

  /** PEM of the leaf certificate for `host` (for tests and diagnostics). */
  async leafPemFor(host: string): Promise<string> {
    return (await this.leaf(host)).toString('pem');
  }

  private async leaf(host: string): Promise<x509.X509Certificate> {
    return x509.X509CertificateGenerator.create(
      {
        serialNumber: serial(),
        subject: `CN=${host}`,
        issuer: this.cert.subject,
        ...validity(),
        signingAlgorithm: ALG,
        publicKey: this.leafKeys.publicKey,
        signingKey: this.caKeys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: host }], false),
          await x509.AuthorityKeyIdentifierExtension.create(this.cert, false, crypto),
          await x509.SubjectKeyIdentifierExtension.create(this.leafKeys.publicKey, false, crypto),
        ],
      },
      crypto,
    );
  }

  private async issue(host: string): Promise<SecureContext> {
    const leaf = await this.leaf(host);
    return createSecureContext({
      key: this.leafKeyPem,
      cert: `${leaf.toString('pem')}\n${this.certPem}`,
    });
  }
}
