import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  startFakeCentral,
  type FakeCentral,
  type FakeCentralOptions,
} from '../../fake-central/start-fake-central.js';
import { getToken } from './temp-bundle.js';

/** A running fake plus an authenticated JSON client for it. */
export interface FakeApi {
  fake: FakeCentral;
  /** Authenticated request; returns status, headers and parsed JSON (or null for an empty body). */
  call: (
    path: string,
    init?: { method?: string; body?: unknown },
  ) => Promise<{ status: number; headers: Headers; body: any }>;
  /** GET that must answer 200; returns the parsed body. */
  get: (path: string) => Promise<any>;
  close: () => Promise<void>;
}

/** Starts a fake on 127.0.0.1:0 with a bundle and returns a client holding a fresh token. */
export async function startFakeApi(options: FakeCentralOptions): Promise<FakeApi> {
  const fake = await startFakeCentral(options);
  const token = await getToken(fake.url, fake.credentials);
  const call: FakeApi['call'] = async (path, init = {}) => {
    const res = await fetch(`${fake.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text === '' ? null : JSON.parse(text),
    };
  };
  return {
    fake,
    call,
    get: async (path) => {
      const res = await call(path);
      if (res.status !== 200)
        throw new Error(`GET ${path} → ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    close: () => fake.close(),
  };
}

/**
 * The usual suite set-up: one fake for the file (started before all tests, closed after) and
 * reset before each test. Returns a handle that reaches the live fake once it has started.
 */
export function useFakeApi(options: FakeCentralOptions): FakeApi {
  let api: FakeApi | undefined;
  const live = (): FakeApi => {
    if (!api) throw new Error('useFakeApi: the fake starts in beforeAll; use it inside a test');
    return api;
  };
  beforeAll(async () => {
    api = await startFakeApi(options);
  });
  afterAll(() => api?.close());
  beforeEach(() => live().fake.reset());
  return {
    get fake() {
      return live().fake;
    },
    call: (path, init) => live().call(path, init),
    get: (path) => live().get(path),
    close: () => live().close(),
  };
}
