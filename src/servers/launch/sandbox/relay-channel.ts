import type { GroupProcess } from '../process-group.js';
import type { HostRelay } from './host-relay.js';

/**
 * Answers the forwarder's `{dial, id, name}` requests on its IPC channel with a connection to
 * the relay's socket `name` as the message's handle (`{socket: id}`), or `{failed: id}`, and
 * counts the connections it dropped at its cap (`{dropped: 1}`). What
 * arrives is untrusted (a server may take over the forwarder): only the run's own relay names
 * are dialled, and each connection is admitted or refused by the relay like any other.
 */
export function serveDials(proc: GroupProcess, relay: HostRelay, onDropped: () => void): void {
  const child = proc.child;
  child.on('error', () => undefined);
  child.on('message', (message: unknown) => {
    const { dial: id, name, dropped } = (message ?? {}) as Record<string, unknown>;
    if (dropped === 1) onDropped();
    if (typeof id !== 'number' || typeof name !== 'string' || !child.connected) return;
    const dialled = relay.dial(name);
    const fail = () => child.connected && child.send({ failed: id }, () => undefined);
    if (dialled === undefined) return void fail();
    dialled.then(
      (socket) => {
        if (!child.connected) return void socket.destroy();
        child.send({ socket: id }, socket, () => socket.destroy());
      },
      () => void fail(),
    );
  });
}
