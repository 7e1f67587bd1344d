import type { FakeState } from './state.js';
import type { CallKind, Json, ValidationMode } from './types.js';
import type { FakeRequest, FakeResponse } from './http-types.js';

/** What a handler receives: the request, decoded path parameters, the parsed body and the state. */
export interface RouteContext {
  req: FakeRequest;
  params: Record<string, string>;
  query: URLSearchParams;
  state: FakeState;
  /** The request body parsed as JSON (or form fields for token calls); undefined when empty. */
  body: () => Json | undefined;
  /** Options the fake was started with that handlers consult. */
  options: HandlerOptions;
}

/** Per-instance behaviour switches handlers read. */
export interface HandlerOptions {
  /** Check requests against HPE's documents and refuse what they forbid, or not (SPEC.md §9). */
  validation: ValidationMode;
  /** Polls answered RUNNING before an async task completes (0 = COMPLETED on the first poll). */
  asyncRunningPolls: number;
}

export type Handler = (ctx: RouteContext) => FakeResponse | Promise<FakeResponse>;

/** One route: method, path pattern and how calls to it are classified. */
export interface Route {
  method: string;
  /**
   * Segments separated by `/`: literals, `a|b` alternatives, `:name` captures (percent-decoded),
   * and a final `:name*` capturing the rest.
   */
  pattern: string;
  kind: CallKind;
  handler: Handler;
}

interface CompiledRoute extends Route {
  segments: { literal?: ReadonlySet<string>; capture?: string; rest?: boolean }[];
}

function compile(route: Route): CompiledRoute {
  const segments = route.pattern
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      if (s.startsWith(':') && s.endsWith('*')) return { capture: s.slice(1, -1), rest: true };
      if (s.startsWith(':')) return { capture: s.slice(1) };
      return { literal: new Set(s.split('|')) };
    });
  return { ...route, segments };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches paths to routes; distinguishes "no such path" from "path exists, wrong method". */
export class Router {
  private readonly routes: CompiledRoute[];

  constructor(routes: Route[]) {
    this.routes = routes.map(compile);
  }

  match(
    method: string,
    rawPath: string,
  ): { route: Route; params: Record<string, string> } | { allowed: string[] } | null {
    const parts = rawPath.split('/').filter((s) => s !== '');
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = this.matchSegments(route, parts);
      if (!params) continue;
      if (route.method === method) return { route, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { allowed } : null;
  }

  private matchSegments(route: CompiledRoute, parts: string[]): Record<string, string> | null {
    const params: Record<string, string> = {};
    for (let i = 0; i < route.segments.length; i++) {
      const seg = route.segments[i];
      if (seg === undefined) return null;
      if (seg.rest && seg.capture) {
        if (i >= parts.length) return null;
        params[seg.capture] = parts.slice(i).map(decode).join('/');
        return params;
      }
      const part = parts[i];
      if (part === undefined) return null;
      if (seg.literal) {
        if (!seg.literal.has(part)) return null;
      } else if (seg.capture) {
        params[seg.capture] = decode(part);
      }
    }
    return parts.length === route.segments.length ? params : null;
  }
}
