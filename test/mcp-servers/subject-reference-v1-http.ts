/**
 * Era subject: the reference server (examples/reference-server, SDK 1.x, so the 2025 era only)
 * over streamable HTTP, stateful (one session, `Mcp-Session-Id`), at /mcp on `--port N`.
 * The reference entry itself serves stdio only; test/e2e/mcp-eras.test.ts benchmarks this one
 * beside the SDK v2 entries (examples/reference-server/v2) to cover the 2025 era over HTTP.
 * Environment: as examples/reference-server (config.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { createReferenceServer } from '../../examples/reference-server/server.js';

const at = process.argv.indexOf('--port');
const port = Number(at < 0 ? Number.NaN : process.argv[at + 1]);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('usage: subject-reference-v1-http.ts --port N\n');
  process.exit(2);
}

const server = createReferenceServer(loadConfig(process.env));
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
await server.connect(transport);

createServer((req, res) => {
  if (!req.url?.startsWith('/mcp')) {
    res.writeHead(404).end();
    return;
  }
  transport.handleRequest(req, res).catch((error: unknown) => {
    process.stderr.write(`handleRequest failed: ${String(error)}\n`);
    if (!res.headersSent) res.writeHead(500).end();
  });
}).listen(port, '127.0.0.1', () => {
  process.stderr.write(`subject-reference-v1-http: ready on http://127.0.0.1:${port}/mcp\n`);
});
