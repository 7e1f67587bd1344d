import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/** The harness's side of the sandbox's network relay; close() stops it and cuts its connections. */
export interface HostRelay {
  close(): Promise<void>;
}

function pipeBoth(a: Socket, b: Socket, open: Set<Socket>): void {
  for (const socket of [a, b]) {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  }
  a.on('error', () => b.destroy());
  b.on('error', () => a.destroy());
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
      resolve();
    });
  });
}

/**
 * Serves `<dir>/o<port>` for every fake port (each connection goes on to 127.0.0.1:<port>, the
 * fake), and, for an HTTP server, listens on 127.0.0.1:<inPort> and relays each connection to
 * `<dir>/i`, which the forwarder inside the sandbox serves (see forwarder-script.ts).
 */
export async function startHostRelay(options: {
  dir: string;
  fakePorts: readonly number[];
  inPort: number | null;
}): Promise<HostRelay> {
  const open = new Set<Socket>();
  const servers: Server[] = [];
  try {
    for (const port of options.fakePorts) {
      const server = createServer((socket) => pipeBoth(socket, connect(port, '127.0.0.1'), open));
      servers.push(server);
      await listen(server, { path: join(options.dir, `o${port}`) });
    }
    if (options.inPort !== null) {
      const inside = join(options.dir, 'i');
      const server = createServer((socket) => pipeBoth(socket, connect(inside), open));
      servers.push(server);
      await listen(server, { port: options.inPort, host: '127.0.0.1' });
    }
  } catch (error) {
    await closeAll(servers, open);
    throw error;
  }
  return { close: () => closeAll(servers, open) };
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
