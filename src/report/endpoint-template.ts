const API_VERSION = /^v\d+((alpha|beta)\d+)?$/;
const MAC = /^([0-9a-f]{2}(:|-|%3a)){5}[0-9a-f]{2}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A server-chosen id as the report records it (`{id#2}`, src/run/execute/canonical-ids.ts). */
const CANONICAL = /^\{id#\d+\}$/;

/**
 * A path as an endpoint template: a segment that is an id (a UUID, a MAC, a canonicalised
 * server-chosen id `{id#n}`, or six or more characters with a digit that are not an API version)
 * becomes `{id}`, so calls for two clients count as calls of one endpoint.
 */
export function endpointTemplate(method: string, path: string): string {
  const segments = path
    .split('/')
    .map((segment) =>
      UUID.test(segment) ||
      MAC.test(segment) ||
      CANONICAL.test(segment) ||
      (segment.length >= 6 && /\d/.test(segment) && !API_VERSION.test(segment))
        ? '{id}'
        : segment,
    );
  return `${method} ${segments.join('/')}`;
}

/** `METHOD /path` at the start of a finding's text, as callLabel writes it. */
const LABEL = /^([A-Z]+) (\/\S*)/;

/**
 * A finding's detail with the request it starts with (`POST /x/48947bde-…`) as its endpoint
 * template (`POST /x/{id}`): the key findings are grouped by, so two ids of one endpoint are one
 * row with a run count, not two rows.
 */
export function templatedDetail(detail: string): string {
  return detail.replace(LABEL, (_all, method: string, path: string) =>
    endpointTemplate(method, path),
  );
}
