#!/usr/bin/env node
import { exitWhenDone } from '../common/exit-when-done.js';
import { processIo } from './io.js';
import { runCli } from './main.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
exitWhenDone('hpe-mcp-bench', (text) => process.stderr.write(text));
