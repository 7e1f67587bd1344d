import { isItem, text } from '../json.js';
import type { Item, Json } from '../types.js';
import { DEFAULTS, type TestInput, type TestResult } from './troubleshooting-defaults.js';
import { REACHABILITY } from './troubleshooting-reachability.js';
import { defaultShowOutput } from './troubleshooting-show.js';

export type { TestResult };

/** The fixture's result only answers the target it was recorded for (ping 8.8.8.8 ≠ ping 1.1.1.1). */
const TARGETS: Record<string, [bodyField: string, outputField: string]> = {
  ping: ['destination', 'destination'],
  traceroute: ['destination', 'destination'],
  nslookup: ['host', 'hostName'],
};
/** Actions whose raw CLI text is returned only on request (`includeRawOutput`). */
const RAW_ON_REQUEST = ['ping', 'traceroute'];

function showCommands(
  { state, device, type, body }: TestInput,
  recorded: Json | undefined,
): TestResult {
  const commands = Array.isArray(body.commands) ? body.commands.map((c) => text(c).trim()) : [];
  const known = isItem(recorded) ? recorded : {};
  const results = commands.map((command) => {
    const hit = known[command];
    const output =
      typeof hit === 'string'
        ? hit
        : isItem(hit) && typeof hit.output === 'string'
          ? hit.output
          : defaultShowOutput(device, type, command, state.now);
    return { command, output };
  });
  return { output: { commands, results }, failReason: null, rawOutput: null };
}

function recordedResult(input: TestInput, entry: Json | undefined): TestResult | null {
  if (!isItem(entry)) return null;
  const target = TARGETS[input.action];
  const output = entry.output ?? null;
  if (target && isItem(output) && output[target[1]] !== undefined) {
    if (text(output[target[1]]).toLowerCase() !== text(input.body[target[0]]).toLowerCase())
      return null;
  }
  return {
    output,
    failReason: typeof entry.failReason === 'string' ? entry.failReason : null,
    rawOutput: typeof entry.rawOutput === 'string' ? entry.rawOutput : null,
  };
}

/** The fixture's recorded result for the device and action when it applies, else a plausible default. */
export function testResult(input: TestInput): TestResult {
  const recorded = recordedFor(input)[input.action];
  if (input.action === 'showCommands') return showCommands(input, recorded);
  const make = DEFAULTS[input.action] ?? REACHABILITY[input.action];
  const result =
    recordedResult(input, recorded) ??
    (make ? make(input) : { output: {}, failReason: null, rawOutput: null });
  if (RAW_ON_REQUEST.includes(input.action) && input.body.includeRawOutput !== true) {
    return { ...result, rawOutput: null };
  }
  return result;
}

function recordedFor(input: TestInput): Item {
  const entry = input.state.object('troubleshooting.json')[text(input.device.serialNumber)];
  return isItem(entry) ? entry : {};
}
