import { describe, expect, it } from 'vitest';
import { isReadTool } from './read-tool.js';

const tool = (name: string, annotations?: Record<string, unknown>) => ({
  name,
  inputSchema: { type: 'object' },
  ...(annotations ? { annotations } : {}),
});

describe('isReadTool', () => {
  it.each<[string, Record<string, unknown> | undefined, boolean]>([
    ['reboot_device', { readOnlyHint: true }, true],
    ['list_devices', { readOnlyHint: false }, false],
    ['list_devices', { destructiveHint: true }, false],
    ['list_devices', undefined, true],
    ['getSiteHealth', undefined, true],
    ['get_or_create_profile', undefined, false],
    ['delete_wlan', undefined, false],
    ['reboot_device', undefined, false],
    ['central_show_ap_radios', undefined, true],
  ])('%s %j → %s', (name, annotations, read) => {
    expect(isReadTool(tool(name, annotations))).toBe(read);
  });
});
