import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { WriteGate } from '../../src/scenarios/types.js';

/**
 * An MCP SDK client with no harness around it, as the bench scripts' baselines use: it answers
 * confirmations the way the harness does (accept in write/destructive scenarios, decline in
 * read ones), so the bare loop and runBench make the same calls.
 */
export function bareClient(name: string, writeGate: WriteGate): Client {
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const accept = writeGate !== 'read';
  client.setRequestHandler(ElicitRequestSchema, () =>
    accept ? { action: 'accept', content: { confirm: true } } : { action: 'decline' },
  );
  return client;
}
