/**
 * A 2025-era stdio MCP server that says nothing to a request it does not know (JSON-RPC asks for
 * an error; some servers send none before initialize). It answers `initialize`, `tools/list` and
 * `tools/call` (an echo) by hand, so the harness's era probe (`server/discover`) meets silence and
 * must time out into the 2025 handshake (src/servers/launch/launch-server.test.ts). With `exit` (argv[2])
 * it exits 1 instead on such a request before initialize, as servers on some SDKs do.
 */
import { createInterface } from 'node:readline';

const send = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
const TOOL = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
};

let initialized = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line) as {
    id?: number | string;
    method?: string;
    params?: Record<string, unknown>;
  };
  if (m.id === undefined) return; // notifications (initialized) need no answer
  if (m.method === 'initialize') {
    initialized = true;
    send({
      jsonrpc: '2.0',
      id: m.id,
      result: {
        protocolVersion: m.params?.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: 'silent-probe', version: '1.0.0' },
      },
    });
  } else if (m.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: m.id, result: { tools: [TOOL] } });
  } else if (m.method === 'tools/call') {
    const text = JSON.stringify(m.params?.arguments ?? {});
    send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text }] } });
  }
  // Anything else (server/discover): no answer at all, or (exit mode, before initialize) exit.
  else if (process.argv[2] === 'exit' && !initialized) {
    process.stderr.write(`unexpected request before initialize: ${m.method}\n`);
    process.exit(1);
  }
});
