/** What every secret value is replaced with. */
export const MASK = '********';

/** Shortest remembered secret: shorter strings would redact ordinary words. */
const MIN_REMEMBERED = 6;

const SECRET_WORDS = ['secret', 'passphrase', 'password', 'passwd', 'psk', 'token', 'credential'];
const METADATA_SUFFIXES = ['format', 'type', 'mode', 'policy', 'enable', 'enabled', 'length'];
/** Names ending in key(s) that identify something rather than unlock it. */
const IDENTIFIER_KEYS = new Set(['subscriptionkey']);
const PEM_PRIVATE_KEY =
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g;

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[-_\s.]/g, '');
}

/**
 * Alerts and GreenLake subscriptions carry a `key` that is an identifier (the alert key that
 * clear/defer take, the subscription key an admin reads off the portal), not a credential.
 */
function keyIsIdentifier(owner: Obj): boolean {
  const type = typeof owner.type === 'string' ? owner.type : '';
  if (type.startsWith('network-notifications/') || type.startsWith('subscriptions/')) return true;
  if ('severity' in owner && 'category' in owner) return true;
  if ('subscriptionType' in owner || 'sku' in owner) return true;
  const uri = typeof owner.resourceUri === 'string' ? owner.resourceUri : '';
  return uri.startsWith('/subscriptions/');
}

/**
 * Fields that describe a secret rather than hold it (`passphrase-format`, `secret-type`): kept,
 * so results stay informative and ordinary words like STRING are never treated as secrets.
 */
function isMetadataField(name: string): boolean {
  const n = normalise(name);
  return METADATA_SUFFIXES.some((suffix) => n.endsWith(suffix));
}

/** Whether a field of `owner` called `name` holds a secret. */
export function isSecretField(name: string, owner: Obj = {}): boolean {
  if (isMetadataField(name)) return false;
  const n = normalise(name);
  if (SECRET_WORDS.some((w) => n.includes(w))) return true;
  if (n === 'key') return !keyIsIdentifier(owner);
  if (n.endsWith('key') || n.endsWith('keys')) return !IDENTIFIER_KEYS.has(n);
  return false;
}

/**
 * Masks secrets in tool results. Fields are masked by name (PSKs, RADIUS shared secrets,
 * passwords, keys, tokens); every masked value, and anything registered with
 * {@link SecretRedactor.remember}, is then also scrubbed wherever it reappears inside other
 * strings (a secret echoed in a description or a command output).
 */
export class SecretRedactor {
  readonly #known = new Set<string>();

  /** Registers a value that must never appear in a result (credentials, typed passwords). */
  remember(value: string | null | undefined): void {
    if (typeof value === 'string' && value.length >= MIN_REMEMBERED) this.#known.add(value);
  }

  /**
   * Remembers the values of fields that are unmistakably secrets (password, passphrase …) in
   * tool arguments. Names that are secrets only by the `*key` rule are left alone here: an
   * argument called `keys` holds alert keys, which results must keep.
   */
  rememberArguments(args: unknown, name?: string): void {
    // Metadata beside a secret (`passphrase-format: STRING`) is not a secret: remembering it
    // would redact that ordinary word from every later result of the session.
    if (
      name !== undefined &&
      !isMetadataField(name) &&
      SECRET_WORDS.some((w) => normalise(name).includes(w))
    ) {
      this.#rememberLeaves(args);
    } else if (Array.isArray(args)) {
      args.forEach((v) => this.rememberArguments(v));
    } else if (isObj(args)) {
      for (const [k, v] of Object.entries(args)) this.rememberArguments(v, k);
    }
  }

  /** A deep copy of `value` with every secret replaced by {@link MASK}. */
  redact<T>(value: T): T {
    const masked = this.#maskFields(value, false);
    return this.#scrub(masked) as T;
  }

  /** Redacts a plain string (error messages, elicitation prompts). */
  redactText(text: string): string {
    return this.#scrubString(text);
  }

  /** `secret`: the value sits under a secret-named field, so its scalars are masked. */
  #maskFields(value: unknown, secret: boolean): unknown {
    if (Array.isArray(value)) return value.map((v) => this.#maskFields(v, secret));
    if (isObj(value)) {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] = this.#maskFields(v, secret ? !isMetadataField(k) : isSecretField(k, value));
      }
      return out;
    }
    return secret ? this.#maskScalar(value) : value;
  }

  /** Strings and numbers go; flags and nulls stay (they say whether, not what). */
  #maskScalar(value: unknown): unknown {
    if (typeof value === 'string') {
      if (value === '' || value === MASK) return value;
      this.remember(value);
      return MASK;
    }
    return typeof value === 'number' ? MASK : value;
  }

  #rememberLeaves(value: unknown): void {
    if (typeof value === 'string') this.remember(value);
    else if (Array.isArray(value)) value.forEach((v) => this.#rememberLeaves(v));
    else if (isObj(value)) Object.values(value).forEach((v) => this.#rememberLeaves(v));
  }

  #scrub(value: unknown): unknown {
    if (typeof value === 'string') return this.#scrubString(value);
    if (Array.isArray(value)) return value.map((v) => this.#scrub(v));
    if (isObj(value)) {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.#scrub(v);
      return out;
    }
    return value;
  }

  #scrubString(text: string): string {
    let out = text.replace(PEM_PRIVATE_KEY, MASK);
    // Longest first, so a secret that contains another is replaced whole.
    for (const secret of [...this.#known].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(MASK);
    }
    return out;
  }
}
