import { isItem, text } from '../json.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { DeviceType } from './troubleshooting-specs.js';

/** The allowed `show` commands per device type, by category (GET …/{sn}/show-commands). */
const CATALOGUE: Record<DeviceType, Record<string, string[]>> = {
  aps: {
    System: ['show version', 'show clock', 'show uptime'],
    Wireless: ['show clients', 'show ap bss-table', 'show ap debug radio-stats'],
    Network: ['show ip interface brief', 'show arp'],
  },
  cx: {
    System: ['show version', 'show clock', 'show system'],
    Interfaces: ['show interface brief', 'show vlan', 'show lldp neighbor-info'],
    Network: ['show ip route', 'show arp'],
  },
  'aos-s': {
    System: ['show version', 'show clock', 'show system'],
    Interfaces: ['show interface brief', 'show vlan', 'show lldp neighbor-info'],
    Network: ['show ip route', 'show arp'],
  },
  gateways: {
    System: ['show version', 'show clock'],
    Network: ['show uplink', 'show ip dhcp statistics', 'show ip route', 'show arp'],
  },
};

/** The catalogue plus any command the fixture recorded output for (under "Other"). */
export function showCommandList(state: FakeState, type: DeviceType, serial: string): Json[] {
  const categories = Object.entries(CATALOGUE[type]).map(([name, commands]) => ({
    name,
    commands: [...commands],
  }));
  const listed = new Set(categories.flatMap((c) => c.commands));
  const entry = state.object('troubleshooting.json')[serial];
  const recorded =
    isItem(entry) && isItem(entry.showCommands) ? Object.keys(entry.showCommands) : [];
  const extra = recorded.filter((c) => !listed.has(c)).sort();
  if (extra.length > 0) categories.push({ name: 'Other', commands: extra });
  return categories.map((c) => ({
    categoryName: c.name,
    count: c.commands.length,
    commands: c.commands.map((command) => ({ command })),
  }));
}

/** Output for a command the fixture has nothing recorded for, built from the device record. */
export function defaultShowOutput(
  device: Item,
  type: DeviceType,
  command: string,
  now: string,
): string {
  const name = text(device.deviceName) || text(device.serialNumber);
  const cmd = command.replace(/\s+/g, ' ').toLowerCase();
  if (cmd.startsWith('show version')) {
    const os = type === 'cx' ? 'ArubaOS-CX' : type === 'aos-s' ? 'ArubaOS-Switch' : 'AOS-10';
    return [
      `${os} (MODEL: ${text(device.model)}), Version ${text(device.firmwareVersion)}`,
      `Serial number: ${text(device.serialNumber)}`,
    ].join('\n');
  }
  if (cmd.startsWith('show clock')) return `${now}\n`;
  if (cmd.startsWith('show system')) {
    return [
      `Hostname          : ${name}`,
      `Product Name      : ${text(device.model)}`,
      `Serial Number     : ${text(device.serialNumber)}`,
      `Base MAC Address  : ${text(device.macAddress).toLowerCase()}`,
      `Software Version  : ${text(device.firmwareVersion)}`,
    ].join('\n');
  }
  return `${name}# ${command}\nNo entries found.\n`;
}
