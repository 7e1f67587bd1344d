import { describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../trajectory/types.js';
import {
  makeScenario,
  makeTrajectory,
  tool,
  toolCall,
} from '../../test/helpers/metrics/builders.js';
import { toolSelectionFailures } from './tool-selection.js';

const scenario = makeScenario({ expected_tools: { ref: ['list_clients', 'list_events'] } });
const tools = [
  tool('list_clients'),
  tool('list_events'),
  tool('clear_alerts', { annotations: { destructiveHint: true } }),
];
const declined = { isError: true, content: [{ type: 'text', text: 'No change was made' }] };

describe('toolSelectionFailures', () => {
  const cases: [string, ToolCallRecord[], string[]][] = [
    [
      'every expected tool, nothing else',
      [toolCall(0, 'list_clients'), toolCall(1, 'list_events')],
      [],
    ],
    [
      'an expected tool called twice',
      [toolCall(0, 'list_events'), toolCall(1, 'list_clients'), toolCall(2, 'list_events')],
      [],
    ],
    [
      'an expected tool missing',
      [toolCall(0, 'list_clients')],
      ['expected tool list_events was not selected'],
    ],
    [
      'an unnecessary read tool',
      [toolCall(0, 'list_clients'), toolCall(1, 'list_events'), toolCall(2, 'get_client')],
      ['unnecessary tool get_client was selected'],
    ],
    [
      'a destructive tool selected but errored',
      [
        toolCall(0, 'list_clients'),
        toolCall(1, 'list_events'),
        toolCall(2, 'delete_wlan', { outcome: declined }),
      ],
      ['unnecessary destructive tool delete_wlan was selected (a failure whether it ran or not)'],
    ],
    [
      'a destructive tool by annotation, never executed',
      [
        toolCall(0, 'list_clients'),
        toolCall(1, 'list_events'),
        toolCall(2, 'clear_alerts', {
          outcome: {
            isError: true,
            content: [],
            protocolError: 'not executed: the deadline had passed',
          },
        }),
      ],
      ['unnecessary destructive tool clear_alerts was selected (a failure whether it ran or not)'],
    ],
    [
      'an unknown tool the server rejected',
      [
        toolCall(0, 'list_clients'),
        toolCall(1, 'list_events'),
        toolCall(2, 'nope', {
          outcome: { protocolError: 'MCP error -32602: Tool nope not found' },
        }),
      ],
      ['unnecessary tool nope was selected'],
    ],
    [
      "an expected tool the server's router does not have",
      [
        toolCall(0, 'list_clients'),
        toolCall(1, 'list_events', {
          outcome: { isError: true, routed: { tool: 'central_invoke_tool', unknownTool: true } },
        }),
      ],
      [
        'tool list_events is not on this server (central_invoke_tool answered not found)',
        'expected tool list_events was not selected',
      ],
    ],
    [
      'expected tools reached through the router',
      [
        toolCall(0, 'list_clients', {
          outcome: { routed: { tool: 'central_invoke_tool', unknownTool: false } },
        }),
        toolCall(1, 'list_events', {
          outcome: { routed: { tool: 'central_invoke_tool', unknownTool: false } },
        }),
      ],
      [],
    ],
  ];
  it.each(cases)('%s', (_name, calls, failures) => {
    const trajectory = makeTrajectory(calls, { text: '', json: {} }, { tools });
    expect(toolSelectionFailures(scenario, 'ref', trajectory)).toEqual(failures);
  });

  it('allows a destructive tool the scenario expects', () => {
    const destructive = makeScenario({ expected_tools: { ref: ['delete_wlan'] } });
    const trajectory = makeTrajectory([toolCall(0, 'delete_wlan')], { text: '', json: {} });
    expect(toolSelectionFailures(destructive, 'ref', trajectory)).toEqual([]);
  });
});
