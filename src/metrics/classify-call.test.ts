import { describe, expect, it } from 'vitest';
import { callLabel, effectiveKind, isDestructiveCall, isDestructiveTool } from './classify-call.js';
import { logCall, makeScenario, tool } from '../../test/helpers/metrics/builders.js';

const AAA = 'POST /network-troubleshooting/v1/aps/SN1/aaa';
const scenario = makeScenario({
  notes: { diagnostic: ['POST /network-troubleshooting/v1/aps/*/{aaa,ping}'] },
});

describe('effectiveKind', () => {
  const configWrite = logCall(1, 'POST /network-config/v1alpha1/wlan-ssids/G');
  const reboot = logCall(1, 'POST /network-troubleshooting/v1/aps/SN1/reboot', {
    kind: 'diagnostic',
  });
  it.each([
    ['a read stays a read', logCall(1, 'GET /network-monitoring/v1/clients'), scenario, 'read'],
    ['a poll stays a poll', logCall(1, 'GET /x/1', { kind: 'poll' }), scenario, 'poll'],
    ['a listed diagnostic POST', logCall(1, AAA, { kind: 'diagnostic' }), scenario, 'diagnostic'],
    [
      'an unlisted device action',
      logCall(1, 'POST /network-troubleshooting/v1/aps/SN1/disconnectUserByMacAddress', {
        kind: 'diagnostic',
      }),
      scenario,
      'write',
    ],
    ['a config write', configWrite, scenario, 'write'],
    [
      'a config write the notes list',
      configWrite,
      makeScenario({ notes: { diagnostic: ['POST /network-config/v1alpha1/wlan-ssids/*'] } }),
      'diagnostic',
    ],
    [
      'a reboot the notes list',
      reboot,
      makeScenario({ notes: { diagnostic: ['POST /network-troubleshooting/**'] } }),
      'write',
    ],
  ] as const)('%s', (_name, call, used, kind) => {
    expect(effectiveKind(call, used)).toBe(kind);
  });
});

describe('isDestructiveCall', () => {
  it.each([
    ['DELETE /network-config/v1alpha1/cnac-mac-reg/7', true],
    ['POST /network-troubleshooting/v1/aps/SN1/reboot', true],
    ['POST /network-troubleshooting/v1/cx/SN1/Factory-Reset', true],
    ['POST /network-troubleshooting/v1/aps/SN1/ping', false],
    ['POST /network-config/v1alpha1/config-health/devices-resync', false],
    ['GET /network-troubleshooting/v1/aps/SN1/reboot', false],
  ])('%s → %s', (endpoint, destructive) => {
    expect(isDestructiveCall(logCall(1, endpoint))).toBe(destructive);
  });

  it('never counts a refused escape', () => {
    expect(isDestructiveCall(logCall(1, 'DELETE /x', { kind: 'escape' }))).toBe(false);
  });

  it('never counts a request the fake refused (it changed nothing)', () => {
    const refused = {
      operation: 'DELETE /x/{id}',
      rule: 'format',
      at: 'path:id',
      message: 'm',
    } as const;
    expect(isDestructiveCall(logCall(1, 'DELETE /x/1', { status: 400, refused }))).toBe(false);
  });
});

describe('a write the fake refused', () => {
  const refused = {
    operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
    rule: 'enum',
    at: 'body:/opmode',
    message: '/opmode must be one of OPEN, …',
  } as const;
  it('is not a write: it changed nothing', () => {
    const call = logCall(1, 'POST /network-config/v1alpha1/wlan-ssids/G', { status: 400, refused });
    expect(effectiveKind(call, scenario)).toBe('read');
    expect(effectiveKind({ ...call, refused: undefined } as never, scenario)).toBe('write');
  });
});

describe('isDestructiveTool', () => {
  it.each([
    ['delete_wlan', undefined, true],
    ['central_reboot_device', undefined, true],
    ['removeSite', undefined, true],
    ['factory_reset_switch', undefined, true],
    ['power_off_ap', undefined, true],
    ['list_deleted_clients', undefined, false],
    ['list_clients', undefined, false],
    ['wipe', undefined, true],
    ['clear_alerts', tool('clear_alerts', { annotations: { destructiveHint: true } }), true],
    ['update_wlan', tool('update_wlan', { annotations: { destructiveHint: false } }), false],
  ] as const)('%s → %s', (name, definition, destructive) => {
    expect(isDestructiveTool(name, definition)).toBe(destructive);
  });
});

describe('callLabel', () => {
  it('names the seq, and the host of an escape', () => {
    expect(callLabel(logCall(3, 'GET /a/b'))).toBe('GET /a/b');
    expect(callLabel(logCall(4, 'CONNECT ', { kind: 'escape', host: 'example.com' }))).toBe(
      'CONNECT example.com',
    );
    expect(callLabel(logCall(5, 'GET /x?y=1', { kind: 'escape', host: 'evil.test' }))).toBe(
      'GET evil.test/x?y=1',
    );
  });
});
