#!/usr/bin/env node
/**
 * `hpe-mcp-bench fake-central` on its own: the entry of the small bundle the pytest plugin
 * carries (npm run build:pytest), so it ships the fake and this command, not the whole CLI.
 * Same options, JSON line, errors and exit codes as the CLI's sub-command.
 */
import { exitCodeFor, formatError } from '../common/errors.js';
import { fakeCentralCommand } from './commands/fake-central.js';
import { processIo } from './io.js';

const io = processIo();
try {
  process.exitCode = await fakeCentralCommand(process.argv.slice(2), io);
} catch (error) {
  io.stderr(`hpe-mcp-bench fake-central: ${formatError(error)}\n`);
  process.exitCode = exitCodeFor(error);
}
