import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/** The harness's side of the sandbox's network relay; close() stops it and cuts its connections. */
export interface HostRelay {
  /** Connections from the sandbox refused because `maxConnections` were open. */
  refused(): number;
  /**
   * A new connection to the relay's socket `name` (`o<port>` or `i`), made by the harness for the
   * sandbox (whose processes may not create Unix sockets: seccomp-filter.ts); undefined for any
   * other name. It is admitted or refused like any connection from the sandbox.
   */
  dial(name: string): Promise<Socket> | undefined;
  close(): Promise<void>;
}

function pipeBoth(a: Socket, b: Socket): void {
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
  a.once('close', () => b.destroy());
  b.once('close', () => a.destroy());
  a.pipe(b);
  b.pipe(a);
}

function listen(
  server: Server,
  target: { path: string } | { port: number; host: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(target, () => {
      server.off('error', reject);
      // An accept() that fails later (EMFILE) must not end the harness.
      server.on('error', () => undefined);
      resolve();
    });
  });
}

/** The first byte the harness sends on an idle back connection: "a client is here". */
export const GO = 0x01;

/**
 * Serves `<dir>/o<port>` for every fake port (each connection goes on to 127.0.0.1:<port>, the
 * fake). For an HTTP server it also listens on 127.0.0.1:<inPort> and serves `<dir>/i`, where
 * the forwarder inside keeps a few idle "back" connections open: each client connection takes
 * one (the harness sends GO on it) and the forwarder connects it to the server's port inside.
 * The sandbox never sees `<dir>`: the forwarder asks the harness over its IPC channel, and the
 * harness connects (dial()) and hands it the connected socket.
 *
 * Every connection from the sandbox counts against `maxConnections` while open (each costs the
 * harness two descriptors); past it new ones are closed at once and counted in refused(), so a
 * server can never run the harness out of file descriptors.
 */
export async function startHostRelay(options: {
  dir: string;
  fakePorts: readonly number[];
  inPort: number | null;
  maxConnections: number;
  /** Called once, at the first refused connection. */
  onRefused?: () => void;
}): Promise<HostRelay> {
  const open = new Set<Socket>();
  const fromSandbox = new Set<Socket>();
  const servers: Server[] = [];
  let refused = 0;
  /** Admits a socket from the sandbox, or closes it when the cap is reached. */
  const admit = (socket: Socket): boolean => {
    if (fromSandbox.size >= options.maxConnections) {
      if (refused++ === 0) options.onRefused?.();
      socket.destroy();
      return false;
    }
    for (const set of [open, fromSandbox]) {
      set.add(socket);
      socket.once('close', () => set.delete(socket));
    }
    socket.on('error', () => undefined);
    return true;
  };
  const idle: Socket[] = [];
  const waiting: Socket[] = [];
  const match = () => {
    while (idle.length > 0 && waiting.length > 0) {
      const back = idle.shift() as Socket;
      const client = waiting.shift() as Socket;
      if (back.destroyed || client.destroyed) {
        if (!back.destroyed) idle.unshift(back);
        continue;
      }
      back.write(Buffer.from([GO]));
      pipeBoth(client, back);
    }
  };
  try {
    for (const port of options.fakePorts) {
      const server = createServer((socket) => {
        if (admit(socket)) pipeBoth(socket, connect(port, '127.0.0.1'));
      });
      servers.push(server);
      await listen(server, { path: join(options.dir, `o${port}`) });
    }
    if (options.inPort !== null) {
      const backs = createServer((socket) => {
        if (!admit(socket)) return;
        idle.push(socket);
        socket.once('close', () => idle.includes(socket) && idle.splice(idle.indexOf(socket), 1));
        match();
      });
      servers.push(backs);
      await listen(backs, { path: join(options.dir, 'i') });
      const clients = createServer((socket) => {
        socket.on('error', () => undefined);
        open.add(socket);
        socket.once('close', () => open.delete(socket));
        waiting.push(socket);
        match();
      });
      servers.push(clients);
      await listen(clients, { port: options.inPort, host: '127.0.0.1' });
    }
  } catch (error) {
    await closeAll(servers, open);
    throw error;
  }
  const names = new Set([
    ...options.fakePorts.map((port) => `o${port}`),
    ...(options.inPort === null ? [] : ['i']),
  ]);
  const dial = (name: string): Promise<Socket> | undefined => {
    if (!names.has(name)) return undefined;
    return new Promise((resolve, reject) => {
      const socket = connect(join(options.dir, name));
      // Never read here: the socket is handed to the sandbox, which must get every byte.
      socket.pause();
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(socket);
      });
    });
  };
  return { refused: () => refused, dial, close: () => closeAll(servers, open) };
}

async function closeAll(servers: Server[], open: Set<Socket>): Promise<void> {
  for (const socket of open) socket.destroy();
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
        }),
    ),
  );
}
