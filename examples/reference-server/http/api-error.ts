/** A failed Central/GreenLake call, carrying what a model needs to recover (status, code, text). */
export class CentralApiError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly errorCode: string | null,
    readonly detail: string,
  ) {
    super(
      `${method} ${path} failed: ${status === 0 ? 'network error' : `HTTP ${status}`}` +
        `${errorCode ? ` ${errorCode}` : ''}${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'CentralApiError';
  }

  /** Builds the error from a response body in any of the vendor's error shapes. */
  static fromBody(status: number, method: string, path: string, body: unknown): CentralApiError {
    let code: string | null = null;
    let detail = '';
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const b = body as Record<string, unknown>;
      const pick = (...names: string[]): string | undefined =>
        names.map((n) => b[n]).find((v): v is string => typeof v === 'string' && v !== '');
      code = pick('errorCode', 'error') ?? null;
      detail = pick('message', 'error_description', 'detail') ?? '';
    } else if (typeof body === 'string') {
      detail = body.slice(0, 300);
    }
    return new CentralApiError(status, method, path, code, detail);
  }
}
