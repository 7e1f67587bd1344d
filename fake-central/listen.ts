import type { Server } from 'node:http';
import { FakeCentralError } from './errors.js';

/** Listens on host:port; a busy port is a FakeCentralError that says what to do. */
export function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === 'EADDRINUSE'
          ? new FakeCentralError(
              'port_in_use',
              `Port ${port} on ${host} is already in use`,
              'choose another --port, or 0 for a free one',
              error,
            )
          : error,
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
