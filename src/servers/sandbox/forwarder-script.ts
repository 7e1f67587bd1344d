/** How the forwarder's diagnostics line for a command it could not start begins. */
export const SPAWN_ERROR_PREFIX = 'hpe-mcp-bench sandbox: could not start the server: ';

/**
 * The program that runs first inside the sandbox (as `node -e FORWARDER_SCRIPT`), in the
 * server's own network namespace where only loopback exists:
 *
 * - for every fake port, it listens on 127.0.0.1:<port> (the address in the server's
 *   HTTPS_PROXY and base-URL variables, unchanged) and relays each connection to the Unix socket
 *   `<dir>/o<port>` that the harness serves outside (and connects to the real fake);
 * - for an HTTP server, it serves the Unix socket `<dir>/i` and relays each connection to
 *   127.0.0.1:<inPort> inside, where the server listens (the harness listens on the same port
 *   outside and relays to `<dir>/i`);
 * - then it starts the server and exits as the server does.
 *
 * Its own fds, as wrap-in-sandbox.ts lays them out: 0 its settings (one JSON document, read to
 * the end), 1 /dev/null, 2 its diagnostics (read by the harness into the stderr tail), and 4, 5,
 * 6 the server's stdin (when it has one), stdout and stderr. The server gets fds 4–6 as its 0–2
 * and the forwarder closes its copies at once: those file descriptions belong to the server
 * alone. (A Node process that opens a pipe on fds 0–2 sets O_NONBLOCK on its file description;
 * shared with the server, a Python server's blocking writes then fail with EAGAIN — issue 18.)
 * The forwarder runs with no environment of the server's: the server's goes to spawn() as is.
 *
 * When the command cannot be started it writes `SPAWN_ERROR_PREFIX<message>` on fd 2 and exits
 * 127 (the harness reports it like a failed spawn). When the server exits it copies the
 * namespace's /proc/self/net/snmp{,6} into `<dir>` first, so the harness can read the
 * blocked-connection counters after the namespace is gone.
 *
 * Plain CommonJS, node:* only: it runs from a string, in whatever Node the harness runs on.
 */
export const FORWARDER_SCRIPT = String.raw`'use strict';
const SPAWN_ERROR_PREFIX = ${JSON.stringify(SPAWN_ERROR_PREFIX)};
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
// Written with fs.writeSync: no stream is ever opened on a pipe the harness reads.
const say = (text) => {
  try {
    fs.writeSync(2, text + '\n');
  } catch {}
};
const { dir, outPorts, inPort, command, args, env, stdin } = JSON.parse(fs.readFileSync(0, 'utf8'));
const pipeBoth = (a, b) => {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
};
const listening = [];
for (const port of outPorts) {
  const server = net.createServer((socket) => {
    pipeBoth(socket, net.connect(path.join(dir, 'o' + port)));
  });
  listening.push(new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', resolve);
  }));
}
if (inPort !== null) {
  const server = net.createServer((socket) => {
    pipeBoth(socket, net.connect(Number(inPort), '127.0.0.1'));
  });
  listening.push(new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path.join(dir, 'i'), resolve);
  }));
}
Promise.all(listening).then(() => {
  const child = spawn(command, args, { env, stdio: [stdin ? 4 : 'ignore', 5, 6] });
  // The server has its own copies now (spawn() returns after the exec); drop ours.
  for (const fd of stdin ? [4, 5, 6] : [5, 6]) fs.closeSync(fd);
  child.once('error', (error) => {
    say(SPAWN_ERROR_PREFIX + error.message);
    process.exit(127);
  });
  child.once('exit', (code, signal) => {
    // The namespace's counters outlive nothing: leave a copy for the harness (net-counters.ts).
    for (const name of ['snmp', 'snmp6']) {
      try {
        fs.writeFileSync(path.join(dir, name), fs.readFileSync('/proc/self/net/' + name));
      } catch {}
    }
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code === null ? 1 : code);
  });
  // The harness ends the sandbox with SIGTERM/SIGKILL to bwrap; pass a SIGTERM on.
  process.on('SIGTERM', () => child.kill('SIGTERM'));
}, (error) => {
  say('hpe-mcp-bench sandbox: the network relay could not start: ' + error.message);
  process.exit(126);
});
`;
