import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A local stand-in for the GitHub Actions cache service v2, as @actions/cache 6 talks to it
 * (node_modules/@actions/cache/lib/internal/shared/cacheTwirpClient.js and
 * lib/generated/results/api/v1/cache.twirp-client.js): Twirp JSON over POST
 * `/twirp/github.actions.results.api.v1.CacheService/<Method>` with a bearer token, proto field
 * names in the bodies; plus the blob store behind the signed URLs, which the Azure SDK uploads to
 * (`PUT` with `x-ms-blob-type: BlockBlob` for a small archive, `?comp=block` + `?comp=blocklist`
 * for a large one) and the Actions http-client downloads from (`GET`, checked against
 * Content-Length).
 *
 * State lives on disk in `dir` (`entries.json` and `blobs/`), re-read on every request, so two
 * action processes and the test share it, and a test can corrupt an entry in place.
 */
export interface FakeCacheService {
  /** ACTIONS_RESULTS_URL for the action under test (ends with `/`). */
  url: string;
  dir: string;
  /** Every Twirp call and blob request, in order (method + path, key/version where relevant). */
  requests: { method: string; path: string; body: unknown }[];
  entries: () => CacheEntry[];
  /** Overwrites the stored archive of an entry (a corrupt or foreign entry). */
  replaceBlob: (key: string, bytes: Buffer) => void;
  close: () => Promise<void>;
}

/** One cache entry as the service keeps it. */
export interface CacheEntry {
  id: number;
  key: string;
  version: string;
  blob: string;
  createdAt: number;
  finalized: boolean;
  sizeBytes: number | null;
}

const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

function body(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the fake on 127.0.0.1:0 with its state in `dir` (created; existing state is kept). */
export async function startFakeCacheService(dir: string, token: string): Promise<FakeCacheService> {
  mkdirSync(join(dir, 'blobs'), { recursive: true });
  const stateFile = join(dir, 'entries.json');
  const load = (): CacheEntry[] =>
    existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as CacheEntry[]) : [];
  const store = (entries: CacheEntry[]): void => {
    const tmp = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(entries, null, 2));
    renameSync(tmp, stateFile);
  };
  const blobPath = (blob: string): string => join(dir, 'blobs', blob);
  const requests: FakeCacheService['requests'] = [];
  let url = '';

  const twirp = (method: string, input: Record<string, unknown>): [number, unknown] => {
    const entries = load();
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    const key = text(input.key);
    const version = text(input.version);
    switch (method) {
      case 'CreateCacheEntry': {
        // Entries are immutable: a second writer of key + version is refused, as the service does.
        if (entries.some((e) => e.key === key && e.version === version))
          return [200, { ok: false, message: `cache entry ${key} already exists` }];
        const entry: CacheEntry = {
          id: entries.reduce((n, e) => Math.max(n, e.id), 0) + 1,
          key,
          version,
          blob: randomUUID(),
          createdAt: Date.now(),
          finalized: false,
          sizeBytes: null,
        };
        store([...entries, entry]);
        return [
          200,
          {
            ok: true,
            signed_upload_url: `${url}devstoreaccount1/actions-cache/${entry.blob}?sig=upload-${entry.id}`,
          },
        ];
      }
      case 'FinalizeCacheEntryUpload': {
        const entry = entries.find((e) => e.key === key && e.version === version && !e.finalized);
        if (!entry || !existsSync(blobPath(entry.blob)))
          return [200, { ok: false, message: `no upload for ${key} to finalize` }];
        entry.finalized = true;
        entry.sizeBytes = Number(input.size_bytes ?? 0);
        store(entries);
        return [200, { ok: true, entry_id: String(entry.id) }];
      }
      case 'GetCacheEntryDownloadURL': {
        const restoreKeys = Array.isArray(input.restore_keys) ? input.restore_keys.map(String) : [];
        const visible = entries
          .filter((e) => e.finalized && e.version === version)
          .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
        // The primary key: an exact match, else (like a restore key) the newest with it as prefix.
        for (const candidate of [key, ...restoreKeys]) {
          const hit =
            visible.find((e) => e.key === candidate) ??
            visible.find((e) => e.key.startsWith(candidate));
          if (hit)
            return [
              200,
              {
                ok: true,
                signed_download_url: `${url}devstoreaccount1/actions-cache/${hit.blob}?sig=download-${hit.id}`,
                matched_key: hit.key,
              },
            ];
        }
        return [200, { ok: false }];
      }
      default:
        return [404, { code: 'bad_route', msg: `no handler for ${method}` }];
    }
  };

  const blocks = new Map<string, Buffer>();
  const blob = async (req: IncomingMessage, res: ServerResponse, u: URL): Promise<void> => {
    const name = u.pathname.split('/').at(-1) ?? '';
    const headers = {
      etag: `"0x${name.slice(0, 8)}"`,
      'last-modified': new Date().toUTCString(),
      'x-ms-request-id': randomUUID(),
      'x-ms-version': '2025-01-05',
    };
    if (req.method === 'PUT') {
      const data = await body(req);
      const comp = u.searchParams.get('comp');
      if (comp === 'block') {
        blocks.set(`${name}:${u.searchParams.get('blockid') ?? ''}`, data);
        res.writeHead(201, headers).end();
        return;
      }
      if (comp === 'blocklist') {
        const ids = [
          ...data.toString().matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g),
        ].map((m) => m[1] ?? '');
        writeFileSync(
          blobPath(name),
          Buffer.concat(ids.map((id) => blocks.get(`${name}:${id}`) ?? Buffer.alloc(0))),
        );
        res.writeHead(201, headers).end();
        return;
      }
      writeFileSync(blobPath(name), data);
      res.writeHead(201, headers).end();
      return;
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!existsSync(blobPath(name))) {
        res.writeHead(404, headers).end();
        return;
      }
      const data = readFileSync(blobPath(name));
      res.writeHead(200, {
        ...headers,
        'content-type': 'application/octet-stream',
        'content-length': String(data.length),
        'x-ms-blob-type': 'BlockBlob',
      });
      res.end(req.method === 'GET' ? data : undefined);
      return;
    }
    res.writeHead(405, headers).end();
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      if (u.pathname.startsWith(SERVICE)) {
        const method = u.pathname.slice(SERVICE.length);
        const text = (await body(req)).toString();
        const input = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
        requests.push({ method: `POST ${method}`, path: u.pathname, body: input });
        if (req.headers.authorization !== `Bearer ${token}`) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 'unauthenticated', msg: 'bad token' }));
          return;
        }
        const [status, payload] = twirp(method, input);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
        return;
      }
      requests.push({ method: req.method ?? '', path: u.pathname + u.search, body: null });
      if (u.pathname.startsWith('/devstoreaccount1/actions-cache/')) return blob(req, res, u);
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    dir,
    requests,
    entries: load,
    replaceBlob: (key, bytes) => {
      const entry = load().find((e) => e.key === key);
      if (!entry) throw new Error(`no cache entry ${key}`);
      writeFileSync(blobPath(entry.blob), bytes);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
