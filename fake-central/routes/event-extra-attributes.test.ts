import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

// Vendor facts: troubleshooting EventExtraAttributesV1 takes event-identifier, site-id and time-at
// (all required) and answers {eventExtraAttributes: [{label, value}]}.
const api = useFakeApi({ fixture: 'site-a' });
const T = '/network-troubleshooting/v1';
const SITE = '5563304806';

describe('GET event-extra-attributes', () => {
  it("labels the event's own context, for an event of that site", async () => {
    const window = `start-at=2026-03-01T12:00:00Z&end-at=2026-03-02T12:00:00Z`;
    const listed = await api.get(
      `${T}/events?context-type=SITE&context-identifier=${SITE}&site-id=${SITE}&${window}&limit=1`,
    );
    const event = listed.events[0] as Record<string, string>;
    const q = `event-identifier=${event.eventIdentifier}&site-id=${SITE}&time-at=${event.timeAt}`;
    const body = await api.get(`${T}/event-extra-attributes?${q}`);
    expect(body.eventExtraAttributes).toContainEqual({ label: 'Source', value: event.sourceName });
    expect(event.reason).toBeTruthy();
    expect(body.eventExtraAttributes).toContainEqual({ label: 'Reason', value: event.reason });
    for (const a of body.eventExtraAttributes) expect(typeof a.value).toBe('string');
    const elsewhere = await api.call(
      `${T}/event-extra-attributes?event-identifier=${event.eventIdentifier}&site-id=2459302564&time-at=${event.timeAt}`,
    );
    expect(elsewhere.status).toBe(404);
    const missing = await api.call(`${T}/event-extra-attributes?site-id=${SITE}`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('event-identifier is required');
  });
});
