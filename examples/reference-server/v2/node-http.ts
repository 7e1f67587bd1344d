import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** A web-standard request handler (what the SDK v2's createMcpHandler returns). */
export type FetchHandler = (request: Request) => Promise<Response>;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(body ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  // Streamed (an SSE response writes each event as it comes).
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const chunk = (await reader.read()) as { done: boolean; value?: Uint8Array };
    if (chunk.done) break;
    if (chunk.value) res.write(chunk.value);
  }
  res.end();
}

/**
 * Serves `handler` at `path` on 127.0.0.1:`port` with node:http: each request becomes a
 * web-standard Request and its Response is written back as it streams. (The SDK's own adapter,
 * `@modelcontextprotocol/node`, would bring Hono along; the reference server needs only this.)
 */
export function serveFetch(handler: FetchHandler, port: number, path: string): Promise<Server> {
  const origin = `http://127.0.0.1:${port}`;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', origin).pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    toRequest(req, origin)
      .then(handler)
      .then((response) => send(response, res))
      .catch((error: unknown) => {
        process.stderr.write(`http: ${error instanceof Error ? error.message : String(error)}\n`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
