import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'campus-b' });
const M = '/network-monitoring/v1';

type Row = Record<string, any>;

describe('stack members (campus-b’s VSF stack)', () => {
  it('answers the stack by its conductor’s serial, by its id, and by the standby’s serial', async () => {
    const switches = (await api.get(`${M}/switches?limit=1000`)).items as Row[];
    const stacked = switches.filter((s) => s.stackId);
    expect(stacked.map((s) => s.deviceName).sort()).toEqual(['CB01-SW-01', 'CB01-SW-02']);
    const conductor = stacked.find((s) => s.deviceName === 'CB01-SW-01');
    const bySerial = await api.get(`${M}/stack/${conductor?.serialNumber}/members`);
    expect(bySerial.count).toBe(2);
    const [stack] = bySerial.items as Row[];
    expect(stack).toMatchObject({
      id: conductor?.stackId,
      stackType: 'VSF',
      type: 'network-monitoring/stack',
    });
    expect(stack?.members.map((m: Row) => [m.deviceName, m.switchRole, m.stackMemberId])).toEqual([
      ['CB01-SW-01', 'Conductor', 1],
      ['CB01-SW-02', 'Standby', 2],
    ]);
    expect(await api.get(`${M}/stack/${conductor?.stackId}/members`)).toEqual(bySerial);
    const standby = stacked.find((s) => s.deviceName === 'CB01-SW-02');
    expect(await api.get(`${M}/stack/${standby?.serialNumber}/members`)).toEqual(bySerial);
  });

  it('agrees with the switch details, and 404s a standalone switch', async () => {
    const switches = (await api.get(`${M}/switches?limit=1000`)).items as Row[];
    const conductor = switches.find((s) => s.deviceName === 'CB01-SW-01');
    const detail = await api.get(`${M}/switches/${conductor?.serialNumber}`);
    expect(detail).toMatchObject({
      deployment: 'Stack',
      switchRole: 'Conductor',
      stackMemberId: 1,
    });
    const standalone = switches.find((s) => !s.stackId);
    expect(standalone?.deployment).toBe('Standalone');
    const res = await api.call(`${M}/stack/${standalone?.serialNumber}/members`);
    expect(res.status).toBe(404);
  });
});
