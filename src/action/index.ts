import { exitWhenDone } from '../common/exit-when-done.js';
import { run } from './main.js';

await run();
exitWhenDone('hpe-mcp-bench', (text) => process.stderr.write(text));
