import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPromptCache, jsonTokens, type CountedInput } from './fake-model-cache.js';

/** A scripted model turn, in neutral form; the stand-in renders it in the caller's wire format. */
export interface ScriptedReply {
  text?: string;
  /** Tool calls; `arguments` as a string is sent verbatim (malformed JSON, for instance). */
  calls?: { name: string; arguments: Record<string, unknown> | string }[];
  usage?: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  /** An HTTP error instead of a reply (429, 500, 529 overloaded…), with its headers. */
  status?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering (a slow model). */
  delayMs?: number;
}

/** One request the stand-in received. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
}

/** How the stand-in counts usage when a scripted reply gives none. */
export interface FakeProviderOptions {
  /**
   * Count usage from the request (cl100k_base) instead of the 100/20 default, with the prompt
   * cache of fake-model-cache.ts: Anthropic honours `cache_control`, OpenAI caches
   * automatically. `cache: false` is a provider without caching.
   */
  counted?: { cache: boolean; minCacheTokens?: number };
}

/** A running stand-in: base URLs for both SDKs, the requests it saw, and close(). */
export interface FakeModelProvider {
  /** Base URL for `@anthropic-ai/sdk` (it appends /v1/messages). */
  anthropicUrl: string;
  /** Base URL for `openai` (it appends /chat/completions). */
  openaiUrl: string;
  requests: ReceivedRequest[];
  close: () => Promise<void>;
}

type Usage = NonNullable<ScriptedReply['usage']>;

/** Output tokens of a reply as the stand-in counts them: its text and its calls' JSON. */
const outputTokens = (reply: ScriptedReply): number =>
  jsonTokens(reply.text ?? '') + (reply.calls?.length ? jsonTokens(reply.calls) : 0);

const fromCounted = (counted: CountedInput, reply: ScriptedReply): Usage => ({
  input: counted.input,
  output: outputTokens(reply),
  cacheRead: counted.cacheRead,
  cacheWrite: counted.cacheWrite,
});

function anthropicBody(
  reply: ScriptedReply,
  model: unknown,
  n: number,
  counted?: Usage,
): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (reply.text !== undefined) content.push({ type: 'text', text: reply.text });
  (reply.calls ?? []).forEach((call, k) => {
    content.push({
      type: 'tool_use',
      id: `toolu_${n}_${k}`,
      name: call.name,
      input: typeof call.arguments === 'string' ? call.arguments : call.arguments,
    });
  });
  const usage = reply.usage ?? counted ?? { input: 100, output: 20 };
  return {
    id: `msg_${n}`,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: reply.calls?.length ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: {
      input_tokens: usage.input,
      output_tokens: usage.output,
      cache_read_input_tokens: usage.cacheRead ?? 0,
      cache_creation_input_tokens: usage.cacheWrite ?? 0,
    },
  };
}

function openaiBody(
  reply: ScriptedReply,
  model: unknown,
  n: number,
  counted?: Usage,
): Record<string, unknown> {
  const usage = reply.usage ?? counted ?? { input: 100, output: 20 };
  const calls = (reply.calls ?? []).map((call, k) => ({
    id: `call_${n}_${k}`,
    type: 'function',
    function: {
      name: call.name,
      arguments:
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  const cached = usage.cacheRead ?? 0;
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content: reply.text ?? null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
      },
    ],
    usage: {
      prompt_tokens: usage.input + cached,
      completion_tokens: usage.output,
      total_tokens: usage.input + cached + usage.output,
      prompt_tokens_details: { cached_tokens: cached },
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * A model provider on 127.0.0.1:0 speaking the Anthropic Messages API (`POST /v1/messages`) and
 * OpenAI chat completions (`POST /v1/chat/completions`), answering each request with the next
 * scripted reply — or with `script(body)` when given a function, which lets an end-to-end test
 * answer by the request's contents. Records every request. No network beyond loopback. With
 * `options.counted`, a reply without usage is given the usage the request would cost, cache
 * reads and writes apart, as the real API reports them.
 */
export async function startFakeModelProvider(
  script: ScriptedReply[] | ((body: Record<string, unknown>, n: number) => ScriptedReply),
  options: FakeProviderOptions = {},
): Promise<FakeModelProvider> {
  const requests: ReceivedRequest[] = [];
  const cache = options.counted
    ? createPromptCache({
        enabled: options.counted.cache,
        minTokens: options.counted.minCacheTokens ?? 1024,
      })
    : null;
  let n = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await readBody(req);
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body, at: Date.now() });
      const index = n++;
      const reply = typeof script === 'function' ? script(body, index) : script[index];
      if (!reply) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'script ended' } }),
        );
        return;
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.status !== undefined && reply.status !== 200) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(
          JSON.stringify({
            type: 'error',
            error: { type: 'scripted', message: `status ${reply.status}` },
          }),
        );
        return;
      }
      const model = body.model;
      const anthropic = path.endsWith('/messages');
      const counted =
        cache && !reply.usage
          ? fromCounted(anthropic ? cache.anthropic(body) : cache.openai(body), reply)
          : undefined;
      const payload = anthropic
        ? anthropicBody(reply, model, index, counted)
        : openaiBody(reply, model, index, counted);
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(payload));
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    anthropicUrl: `http://127.0.0.1:${port}`,
    openaiUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
