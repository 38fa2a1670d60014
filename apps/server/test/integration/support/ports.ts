import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 now, for a server a test starts in a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
