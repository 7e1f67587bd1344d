import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { centralFromEnv, type SubjectCentral } from './central.js';

/** A fault subject: an MCP server plus the Central client its tools use. */
export interface Subject {
  name: string;
  server: McpServer;
  central: SubjectCentral;
}

/** A new subject named `subject-<fault>` (the name the harness reports from initialize). */
export function createSubject(fault: string): Subject {
  const name = `subject-${fault}`;
  return { name, server: new McpServer({ name, version: '0.0.0' }), central: centralFromEnv() };
}

/** A result the way the reference server writes one: compact JSON text + structuredContent. */
export function jsonResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** An error result naming the tool, as the reference server writes one. */
export function errorResult(tool: string, error: unknown): CallToolResult {
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: 'text', text: `${tool}: ${message}` }] };
}

/** Connects the subject to stdio; it then lives until stdin closes or it is killed. */
export async function serveStdio(subject: Subject): Promise<void> {
  await subject.server.connect(new StdioServerTransport());
  process.stderr.write(`${subject.name}: ready on stdio\n`);
}
