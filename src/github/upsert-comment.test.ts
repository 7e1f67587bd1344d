import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../../test/helpers/fake-github.js';
import { commentMarker } from './comment-marker.js';
import { CommentPermissionError, upsertComment } from './upsert-comment.js';

const target = { owner: 'acme', repo: 'mcp', issueNumber: 7 };
let gh: FakeGitHub | undefined;
afterEach(async () => {
  await gh?.close();
  gh = undefined;
});

describe('upsertComment', () => {
  it('creates the comment once, then updates the same comment', async () => {
    gh = await startFakeGitHub();
    const first = await upsertComment('t0ken', target, 'v1', { baseUrl: gh.url });
    expect(first.action).toBe('created');
    const second = await upsertComment('t0ken', target, 'v2', { baseUrl: gh.url });
    expect(second).toEqual({ action: 'updated', url: first.url });
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0]?.body).toBe(`v2\n${commentMarker()}\n`);
    expect(gh.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
    expect(gh.requests[0]?.authorization).toBe('token t0ken');
  });

  it('finds its comment among 120 others by paging, and leaves identical bodies alone', async () => {
    gh = await startFakeGitHub(Array.from({ length: 120 }, (_, i) => `comment ${i}`));
    gh.comments.splice(110, 0, {
      id: 999,
      body: `old\n${commentMarker()}\n`,
      html_url: 'https://github.test/c/999',
      user: { login: 'bot' },
    });
    const result = await upsertComment('t', target, 'new', { baseUrl: gh.url });
    expect(result).toEqual({ action: 'updated', url: 'https://github.test/c/999' });
    expect(gh.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([
      '/repos/acme/mcp/issues/7/comments?per_page=100',
      '/repos/acme/mcp/issues/7/comments?per_page=100&page=2',
    ]);
    expect(gh.comments).toHaveLength(121);
    expect((await upsertComment('t', target, 'new', { baseUrl: gh.url })).action).toBe('unchanged');
  });

  it('keeps comments of different keys apart', async () => {
    gh = await startFakeGitHub();
    await upsertComment('t', target, 'a', { baseUrl: gh.url, key: 'reference' });
    await upsertComment('t', target, 'b', { baseUrl: gh.url, key: 'python' });
    expect(gh.comments.map((c) => c.body)).toEqual([
      `a\n${commentMarker('reference')}\n`,
      `b\n${commentMarker('python')}\n`,
    ]);
  });

  it('turns a read-only token into a CommentPermissionError', async () => {
    gh = await startFakeGitHub();
    gh.readOnly = true;
    await expect(upsertComment('t', target, 'x', { baseUrl: gh.url })).rejects.toBeInstanceOf(
      CommentPermissionError,
    );
    await expect(upsertComment('t', target, 'x', { baseUrl: gh.url })).rejects.toThrow(
      /two-workflow pattern/,
    );
  });
});
