import { describe, expect, it } from 'vitest';
import { parseBenchConfig } from '../config/load-bench-config.js';
import { checkSweepSettings } from './check-sweep-config.js';

const MENU = [
  {
    name: 'list_devices',
    inputSchema: { type: 'object', properties: { site_id: { type: 'string' } } },
  },
  { name: 'run_ping', inputSchema: { type: 'object', properties: { destination: {} } } },
];

const config = (sweep: string) =>
  parseBenchConfig(
    'hpe-mcp-bench.yml',
    `servers:
  mine:
    transport: stdio
    command: node
    sweep:
${sweep}`,
  ).servers.mine!.sweep!;

describe('checkSweepSettings', () => {
  it('accepts tools and arguments the menu has', () => {
    const settings = config(`      args:
        run_ping: { destination: 10.0.0.1 }
      skip:
        list_devices: slow`);
    expect(() => checkSweepSettings('mine', settings, MENU)).not.toThrow();
    expect(settings.args).toEqual({ run_ping: { destination: '10.0.0.1' } });
  });

  it('names an unknown tool and argument with file:line and the closest name', () => {
    const settings = config(`      args:
        run_pnig: { destination: 10.0.0.1 }
        list_devices: { siteid: x }
      skip:
        list_device: slow`);
    let message = '';
    try {
      checkSweepSettings('mine', settings, MENU);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      expect.stringMatching(
        /^hpe-mcp-bench\.yml:7:9: .*"run_pnig", which .* did you mean "run_ping"\?$/,
      ),
      expect.stringMatching(
        /^hpe-mcp-bench\.yml:8:25: .*sets "siteid", which is not a parameter .* did you mean "site_id"\?$/,
      ),
      expect.stringMatching(
        /^hpe-mcp-bench\.yml:10:9: .*"list_device", .* did you mean "list_devices"\?$/,
      ),
    ]);
  });

  it('the schema refuses a skip without a reason', () => {
    expect(() => config(`      skip:\n        list_devices: ""`)).toThrow(
      /sweep\/skip\/list_devices/,
    );
  });
});
