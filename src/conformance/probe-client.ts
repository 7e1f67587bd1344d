import type { FakeCentral, RefusedRequest } from '../../fake-central/index.js';
import type { JsonValue } from './openapi-documents.js';

/** One answer of the fake as conformance sees it. */
export interface ProbeAnswer {
  status: number;
  /** Parsed JSON body; undefined when empty, the raw text when it is not JSON. */
  body: JsonValue | undefined;
  notJson?: string;
  /** The answer's media type (`Content-Type` without parameters), when it sent one. */
  contentType?: string;
  /** The fake's call log marks the request unrouted (route-miss 404 or 405). */
  unrouted: boolean;
  /** The fake refused it by the documents' rules (validation `documents`): which rule, where. */
  refused?: RefusedRequest;
}

/** An authenticated client of one running fake that reads back how each request was logged. */
export class ProbeClient {
  private token: string | undefined;

  constructor(private readonly fake: FakeCentral) {}

  private async bearer(): Promise<string> {
    if (this.token !== undefined) return this.token;
    const res = await fetch(`${this.fake.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.fake.credentials.clientId,
        client_secret: this.fake.credentials.clientSecret,
      }),
    });
    const body = (await res.json()) as { access_token?: string };
    if (typeof body.access_token !== 'string') {
      throw new Error(`the fake's token endpoint answered ${res.status} without a token`);
    }
    this.token = body.access_token;
    return this.token;
  }

  /**
   * POSTs a JSON body and returns the status and where the answer points (`Location` header, else
   * a `location` member of the body): how an async task is started.
   */
  async post(
    pathAndQuery: string,
    body: JsonValue,
  ): Promise<{ status: number; location?: string }> {
    const res = await fetch(`${this.fake.url}${pathAndQuery}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await this.bearer()}`,
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let location = res.headers.get('location') ?? undefined;
    if (location === undefined && text !== '') {
      try {
        const parsed = JSON.parse(text) as { location?: unknown };
        if (typeof parsed.location === 'string') location = parsed.location;
      } catch {
        // not JSON: no location
      }
    }
    return { status: res.status, ...(location === undefined ? {} : { location }) };
  }

  /**
   * Sends a write (POST/PUT/PATCH/DELETE, JSON body if given) and reports its status, message,
   * parsed body, and how the fake's call log has it (unrouted; refused, with the rule and where).
   */
  async send(
    method: string,
    pathAndQuery: string,
    body?: JsonValue,
  ): Promise<{
    status: number;
    message: string;
    body: JsonValue | undefined;
    unrouted: boolean;
    refused?: RefusedRequest;
  }> {
    const res = await fetch(`${this.fake.url}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.bearer()}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let message = '';
    let parsed: JsonValue | undefined;
    try {
      parsed = JSON.parse(text) as JsonValue;
      const said = (parsed as { message?: unknown } | null)?.message;
      if (typeof said === 'string') message = said.slice(0, 160);
    } catch {
      // not JSON: no message
    }
    const last = this.fake.calls().at(-1);
    return {
      status: res.status,
      message,
      body: parsed,
      unrouted: last?.unrouted === true,
      ...(last?.refused ? { refused: last.refused } : {}),
    };
  }

  /** GETs `pathAndQuery` and reports the status, the body and whether a route answered. */
  async get(pathAndQuery: string): Promise<ProbeAnswer> {
    const res = await fetch(`${this.fake.url}${pathAndQuery}`, {
      headers: { authorization: `Bearer ${await this.bearer()}`, accept: 'application/json' },
    });
    const text = await res.text();
    const calls = this.fake.calls();
    const last = calls[calls.length - 1];
    const unrouted = last?.unrouted === true;
    const media = res.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    const base = {
      status: res.status,
      unrouted,
      ...(media ? { contentType: media } : {}),
      ...(last?.refused ? { refused: last.refused } : {}),
    };
    if (text === '') return { ...base, body: undefined };
    try {
      return { ...base, body: JSON.parse(text) as JsonValue };
    } catch {
      return { ...base, body: undefined, notJson: text.slice(0, 80) };
    }
  }
}
