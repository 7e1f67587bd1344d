import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake GitHub API received. */
export interface GitHubRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string };
}

/** An open pull request as `GET /repos/{o}/{r}/pulls` lists it (the fields the action reads). */
export interface FakePull {
  number: number;
  head: { sha: string; ref: string; label: string };
}

/**
 * A local stand-in for the GitHub REST API's issue-comment endpoints and the open-PR listing
 * (`GET /repos/{o}/{r}/pulls?head=owner:branch`), recording every request. Comments are one list
 * whatever the issue number: `requests` tells which PR a write went to.
 */
export interface FakeGitHub {
  url: string;
  requests: GitHubRequest[];
  comments: FakeComment[];
  pulls: FakePull[];
  /** Answer writes with 403 "Resource not accessible by integration" (a fork PR's token). */
  readOnly: boolean;
  close: () => Promise<void>;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text === '' ? null : JSON.parse(text)));
  });
}

/** Starts the fake on 127.0.0.1:0; `seed` pre-existing comments (e.g. 120, to force pagination). */
export async function startFakeGitHub(seed: string[] = []): Promise<FakeGitHub> {
  const state: FakeGitHub = {
    url: '',
    requests: [],
    comments: seed.map((body, i) => ({
      id: i + 1,
      body,
      html_url: `https://github.test/c/${i + 1}`,
      user: { login: 'someone' },
    })),
    readOnly: false,
    pulls: [],
    close: () => Promise.resolve(),
  };
  let nextId = state.comments.length + 1;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = await readJson(req);
      state.requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        body,
        authorization: req.headers.authorization,
      });
      const send = (
        status: number,
        payload: unknown,
        headers: Record<string, string> = {},
      ): void => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      const list = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname);
      const one = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (/^\/repos\/[^/]+\/[^/]+\/pulls$/.test(url.pathname) && req.method === 'GET') {
        const head = url.searchParams.get('head');
        return send(
          200,
          state.pulls.filter((p) => head === null || p.head.label === head),
        );
      }
      if (list && req.method === 'GET') {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = state.comments.slice((page - 1) * perPage, page * perPage);
        const last = Math.max(1, Math.ceil(state.comments.length / perPage));
        const link =
          page < last
            ? {
                link: `<${state.url}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next", <${state.url}${url.pathname}?per_page=${perPage}&page=${last}>; rel="last"`,
              }
            : {};
        return send(200, slice, link);
      }
      if ((list && req.method === 'POST') || (one && req.method === 'PATCH')) {
        if (state.readOnly)
          return send(403, { message: 'Resource not accessible by integration', status: '403' });
        const text = (body as { body?: string } | null)?.body ?? '';
        if (list) {
          const comment = {
            id: nextId++,
            body: text,
            html_url: `https://github.test/c/${nextId - 1}`,
            user: { login: 'github-actions[bot]' },
          };
          state.comments.push(comment);
          return send(201, comment);
        }
        const comment = state.comments.find((c) => c.id === Number(one?.[3]));
        if (!comment) return send(404, { message: 'Not Found' });
        comment.body = text;
        return send(200, comment);
      }
      return send(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
