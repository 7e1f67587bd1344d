import { GO } from './host-relay.js';

/** How the forwarder's diagnostics line for a command it could not start begins. */
export const SPAWN_ERROR_PREFIX = 'hpe-mcp-bench sandbox: could not start the server: ';

/**
 * The program that runs first inside the sandbox (as `node -e FORWARDER_SCRIPT`), in the
 * server's own network namespace where only loopback exists:
 *
 * - for every fake port, it listens on 127.0.0.1:<port> (the address in the server's
 *   HTTPS_PROXY and base-URL variables, unchanged) and relays each connection to the relay's
 *   socket `o<port>` that the harness serves outside (and connects to the real fake);
 * - for an HTTP server, it keeps BACK_POOL idle connections to the relay's socket `i`; when the
 *   harness sends GO on one, a client of the harness is on it and the forwarder connects it to
 *   127.0.0.1:<inPort> inside, where the server listens;
 * - then it starts the server under `prlimit` (the limits) and exits as the server does.
 *
 * No process in the sandbox may create a Unix socket (seccomp-filter.ts), the forwarder
 * included: it asks the harness over its Node IPC channel (`{dial, id, name}`) and gets the
 * connected socket back as the message's handle (`{socket: id}`, or `{failed: id}`). The
 * relay's directory is not in the sandbox at all. At most `maxConnections` relayed connections
 * are open at once; more are closed on accept.
 *
 * Its own fds, as wrap-in-sandbox.ts lays them out: 0 its settings (one JSON document, read to
 * the end), 1 bwrap's info pipe, 3 the IPC channel (NODE_CHANNEL_FD; the server gets /dev/null
 * at fd 3, so it never inherits the channel), 2 its diagnostics (read by the harness into the stderr tail), and 4, 5,
 * 6 the server's stdin (when it has one), stdout and stderr. The server gets fds 4–6 as its 0–2
 * and the forwarder closes its copies at once: those file descriptions belong to the server
 * alone. (A Node process that opens a pipe on fds 0–2 sets O_NONBLOCK on its file description;
 * shared with the server, a Python server's blocking writes then fail with EAGAIN.)
 * The forwarder runs with no environment of the server's: the server's goes to spawn() as is.
 *
 * A command that cannot be found or run is reported as `SPAWN_ERROR_PREFIX<message>` on fd 2
 * with exit status 127 (the harness reports it like a failed spawn).
 *
 * Plain CommonJS, node:* only: it runs from a string, in whatever Node the harness runs on.
 */
export const FORWARDER_SCRIPT = String.raw`'use strict';
const SPAWN_ERROR_PREFIX = ${JSON.stringify(SPAWN_ERROR_PREFIX)};
const GO = ${GO};
const BACK_POOL = 4;
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
const settings = JSON.parse(fs.readFileSync(0, 'utf8'));
const { outPorts, inPort, command, args, env, stdin, limits, maxConnections } = settings;
// Connected sockets to the relay come from the harness (no socket() here: seccomp).
const pending = new Map();
let nextId = 0;
process.on('message', (message, handle) => {
  const id = message && (message.socket ?? message.failed);
  const waiter = pending.get(id);
  if (waiter === undefined) return handle && handle.destroy();
  pending.delete(id);
  if (handle) waiter.resolve(handle);
  else waiter.reject(new Error('the harness could not connect ' + waiter.name));
});
const dial = (name) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, name });
    process.send({ dial: id, name });
  });
const pipeBoth = (a, b) => {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.once('close', () => b.destroy());
  b.once('close', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
};
const listening = [];
for (const port of outPorts) {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    dial('o' + port).then((remote) => pipeBoth(socket, remote), () => socket.destroy());
  });
  server.maxConnections = maxConnections;
  // Past the cap the server drops the connection; the harness is told (it names the limit).
  server.on('drop', () => process.connected && process.send({ dropped: 1 }));
  listening.push(new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', () => {
      server.on('error', () => {});
      resolve();
    });
  }));
}
const openBack = () => dial('i').then(useBack, () => setTimeout(openBack, 200).unref());
const useBack = (back) => {
  let used = false;
  back.on('error', () => {});
  back.once('data', (first) => {
    used = true;
    openBack();
    if (first[0] !== GO) return back.destroy();
    const inner = net.connect(Number(inPort), '127.0.0.1');
    if (first.length > 1) inner.write(first.subarray(1));
    pipeBoth(back, inner);
  });
  // Refused (the cap) or cut: try again a little later, as long as the sandbox lives.
  back.once('close', () => {
    if (!used) setTimeout(openBack, 200).unref();
  });
};
if (inPort !== null) for (let i = 0; i < BACK_POOL; i++) openBack();
// PATH lookup as execvp does, so that a missing command is reported before prlimit runs it.
const resolveCommand = () => {
  const candidates = command.includes('/')
    ? [command]
    : (env.PATH || '/usr/bin:/bin').split(':').map((dir) => path.join(dir || '.', command));
  let code = 'ENOENT';
  for (const file of candidates) {
    try {
      if (!fs.statSync(file).isFile()) continue;
      fs.accessSync(file, fs.constants.X_OK);
      return path.resolve(file);
    } catch (error) {
      if (error.code === 'EACCES') code = 'EACCES';
    }
  }
  say(SPAWN_ERROR_PREFIX + 'spawn ' + command + ' ' + code);
  process.exit(127);
};
Promise.all(listening).then(() => {
  const file = resolveCommand();
  const limitArgs = [
    '--data=' + limits.memoryMb * 1024 * 1024,
    '--cpu=' + limits.cpuSeconds,
    '--nproc=' + limits.processes,
    '--fsize=' + limits.fileSizeMb * 1024 * 1024,
  ];
  const child = spawn(settings.prlimit, [...limitArgs, '--', file, ...args], {
    env,
    stdio: [stdin ? 4 : 'ignore', 5, 6, 'ignore'],
  });
  // The server has its own copies now (spawn() returns after the exec); drop ours.
  for (const fd of stdin ? [4, 5, 6] : [5, 6]) fs.closeSync(fd);
  child.once('error', (error) => {
    say(SPAWN_ERROR_PREFIX + error.message);
    process.exit(127);
  });
  child.once('exit', (code, signal) => {
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
