/**
 * The program that runs first inside the sandbox (as `node -e FORWARDER_SCRIPT -- …`), in the
 * server's own network namespace where only loopback exists:
 *
 * - for every fake port, it listens on 127.0.0.1:<port> (the address in the server's
 *   HTTPS_PROXY and base-URL variables, unchanged) and relays each connection to the Unix socket
 *   `<dir>/o<port>` that the harness serves outside (and connects to the real fake);
 * - for an HTTP server, it serves the Unix socket `<dir>/i` and relays each connection to
 *   127.0.0.1:<inPort> inside, where the server listens (the harness listens on the same port
 *   outside and relays to `<dir>/i`);
 * - then it starts the server with inherited stdio and exits as the server does. When the
 *   command cannot be started it writes `<dir>/spawn-error` (the harness reports it like a
 *   failed spawn) and exits 127. When the server exits it copies the namespace's
 *   /proc/self/net/snmp{,6} into `<dir>` first, so the harness can read the blocked-connection
 *   counters after the namespace is gone.
 *
 * Arguments: dir, comma-separated fake ports, inPort (or `-`), PWD (or `-`), command, args…
 * Plain CommonJS, node:* only: it runs from a string, in whatever Node the harness runs on.
 */
export const FORWARDER_SCRIPT = String.raw`'use strict';
const net = require('node:net');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const [dir, outPorts, inPort, pwd, command, ...args] = process.argv.slice(1);
// bwrap --chdir sets PWD; the server gets its environment exactly as built.
if (pwd === '-') delete process.env.PWD;
else process.env.PWD = pwd;
const pipeBoth = (a, b) => {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
};
const listening = [];
for (const port of outPorts.split(',').filter(Boolean)) {
  const server = net.createServer((socket) => {
    pipeBoth(socket, net.connect(path.join(dir, 'o' + port)));
  });
  listening.push(new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', resolve);
  }));
}
if (inPort !== '-') {
  const server = net.createServer((socket) => {
    pipeBoth(socket, net.connect(Number(inPort), '127.0.0.1'));
  });
  listening.push(new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path.join(dir, 'i'), resolve);
  }));
}
Promise.all(listening).then(() => {
  const child = spawn(command, args, { stdio: 'inherit' });
  child.once('error', (error) => {
    fs.writeFileSync(path.join(dir, 'spawn-error'), error.message);
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
  process.stderr.write('hpe-mcp-bench sandbox: the network relay could not start: ' + error.message + '\n');
  process.exit(126);
});
`;
