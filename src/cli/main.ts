import { verifyOwnBundle } from '../common/dist-digest.js';
import { BenchError, exitCodeFor, formatError } from '../common/errors.js';
import { compareCommand } from './commands/compare.js';
import { conformanceCommand } from './commands/conformance.js';
import { erasCommand } from './commands/eras.js';
import { estimateCommand } from './commands/estimate.js';
import { fakeCentralCommand } from './commands/fake-central.js';
import { pinCommand } from './commands/pin.js';
import { publishCommand } from './commands/publish.js';
import { runCommand } from './commands/run.js';
import { validateCommand } from './commands/validate.js';
import { verifyCommand } from './commands/verify.js';
import type { CliIo } from './io.js';

/** A sub-command: parses its own arguments and returns the exit code. */
export type Command = (args: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  compare: {
    run: compareCommand,
    summary: 'gate REPORT.json against --baseline BASE.json (the PR check, for any CI)',
  },
  conformance: {
    run: conformanceCommand,
    summary: 'measure the fake against OpenAPI documents (--openapi DIR): routed and schema-valid',
  },
  eras: {
    run: erasCommand,
    summary: 'which MCP eras each server of a --config speaks (a dual-era one is scored in both)',
  },
  estimate: {
    run: estimateCommand,
    summary: 'estimate the tokens and cost of a --policy llm run before it starts (no key needed)',
  },
  'fake-central': {
    run: fakeCentralCommand,
    summary: 'serve the fake Central/GreenLake API until SIGINT/SIGTERM',
  },
  pin: {
    run: pinCommand,
    summary: 'move a compared server to a new commit, re-anchoring its evidence citations',
  },
  publish: {
    run: publishCommand,
    summary: 'render the results page and HTML dashboard from report.json files',
  },
  run: {
    run: runCommand,
    summary: 'run the benchmark (default: the golden suite against the reference server)',
  },
  validate: {
    run: validateCommand,
    summary: 'check scenario manifests (default: the golden suite)',
  },
  verify: {
    run: verifyCommand,
    summary:
      'recompute every figure of a report.json (and of --page) from its runs; fail naming any that does not follow',
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(14)} ${c.summary}`);
  return `Usage: hpe-mcp-bench <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'hpe-mcp-bench <command> --help' for a command's options.\n`;
}

/** Runs the CLI in-process and returns the exit code; every error goes through one formatter. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return 0;
  }
  const command = COMMANDS[name];
  try {
    if (!command) {
      throw new BenchError('usage', `Unknown command "${name}"`, {
        hint: `commands: ${Object.keys(COMMANDS).join(', ')}`,
      });
    }
    // Before any command can load a lazily imported chunk of the bundle.
    verifyOwnBundle();
    return await command.run(rest, io);
  } catch (error) {
    io.stderr(`hpe-mcp-bench ${name}: ${formatError(error)}\n`);
    return exitCodeFor(error);
  }
}
