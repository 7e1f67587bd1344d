import type { Span } from './view-types.js';

const CITATION = /^([\w./-]+):(\d+)(?:-(\d+))?@([0-9a-f]{7,40})$/;
const REPO = /^[\w.-]+\/[\w.-]+$/;

/**
 * An evidence citation (`path:line@sha`) as a short code span (`file.py:34@9c7df43`) with the
 * whole citation on hover, linking to the line at that commit when the server's repository is
 * known. Anything else (free text) is shown as it is, never made a link.
 */
export function evidenceSpan(citation: string, repo: string | undefined): Span {
  const m = CITATION.exec(citation.trim());
  if (!m) return { text: citation, code: true };
  const [, path = '', from = '', to, sha = ''] = m;
  const file = path.split('/').pop() ?? path;
  const text = `${file}:${from}${to ? `-${to}` : ''}@${sha.slice(0, 7)}`;
  const href =
    repo !== undefined && REPO.test(repo) && !path.split('/').includes('..')
      ? `https://github.com/${repo}/blob/${sha}/${path}#L${from}${to ? `-L${to}` : ''}`
      : undefined;
  return { text, code: true, title: citation, ...(href ? { href } : {}) };
}
