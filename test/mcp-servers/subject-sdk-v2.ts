/**
 * Era subject on the official TypeScript SDK v2 (`@modelcontextprotocol/server` 2.x) over stdio.
 * `modern` (the first argument): it serves only the 2026-07-28 revision (`serveStdio` with
 * `legacy: 'reject'`), answering a 2025-era `initialize` with -32022, unsupported protocol
 * version, naming the revisions it supports; the harness's client (SDK 1.x, 2025 era) cannot
 * benchmark it and the start-up error says so. `dual`: it serves either era
 * (`legacy: 'serve'`), so the harness connects on the 2025 side.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

serveStdio(
  () => {
    const server = new McpServer({ name: `sdk-v2-${process.argv[2] ?? 'dual'}`, version: '2.4.0' });
    server.registerTool(
      'list_sites',
      { description: 'List the sites.', inputSchema: z.object({ limit: z.number().optional() }) },
      () => ({ content: [{ type: 'text', text: '[]' }] }),
    );
    return server;
  },
  { legacy: process.argv[2] === 'modern' ? 'reject' : 'serve' },
);
