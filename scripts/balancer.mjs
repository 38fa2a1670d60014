import http from 'node:http';
import { createProxyServer } from 'httpxy';

/**
 * The local load balancer of `npm run cluster` (scripts/cluster.mjs, decision 0161): one port in
 * front of the `api` instances, as a production balancer would be (docs/OPERATIONS.md). It asks
 * each backend's `/readyz` every `checkMs` and sends requests and WebSocket upgrades, in turn, only
 * to those that answered 200; with none ready it answers 503 itself. The proxying is httpxy's (a
 * maintained http-proxy rewrite with no dependencies), not our own: this file only chooses the
 * backend. `X-Forwarded-For` is set (xfwd), so the instances count limits by the client's address
 * when they trust the balancer (`TRUST_PROXY=127.0.0.1`).
 *
 * A request in flight when its backend dies is answered 502, as any balancer does: the client
 * repeats it (the API's writes carry idempotency keys) and reaches a live backend.
 */
export async function startBalancer({ port, host = '127.0.0.1', backends, checkMs = 1000, log = () => {} }) {
  const proxy = createProxyServer({ xfwd: true, ws: true });
  const ready = new Set();
  let turn = 0;
  const pick = () => {
    const live = backends.filter((b) => ready.has(b));
    if (live.length === 0) return undefined;
    turn = (turn + 1) % live.length;
    return live[turn];
  };

  proxy.on('error', (err, _req, res) => {
    if (res instanceof http.ServerResponse) {
      if (!res.headersSent) unavailable(res, 502, `backend failed: ${err.message}`);
      else res.destroy();
    } else res?.destroy?.();
  });

  const server = http.createServer((req, res) => {
    const target = pick();
    if (!target) return unavailable(res, 503, 'no instance is ready');
    proxy.web(req, res, { target }).catch(() => undefined);
  });
  // Upgraded sockets leave the server's own bookkeeping: kept here, so `close` can end them.
  const sockets = new Set();
  server.on('upgrade', (req, socket, head) => {
    const target = pick();
    if (!target) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    proxy.ws(req, socket, { target }, head).catch(() => socket.destroy());
  });

  const check = async (backend) => {
    const ok = await fetch(`${backend}/readyz`, {
      signal: AbortSignal.timeout(Math.max(checkMs, 1000)),
    }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok === ready.has(backend)) return;
    if (ok) ready.add(backend);
    else ready.delete(backend);
    log(`balancer: ${backend} ${ok ? 'ready' : 'not ready'}`);
  };
  let stopped = false;
  let timer;
  const loop = async () => {
    await Promise.all(backends.map(check));
    if (!stopped) timer = setTimeout(loop, checkMs);
  };
  await loop();

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${server.address().port}`,
    /** The backends whose last `/readyz` answered 200. */
    ready: () => backends.filter((b) => ready.has(b)),
    async close() {
      stopped = true;
      clearTimeout(timer);
      server.closeAllConnections();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The API's error shape (`{code, msg}`), so a client reads the balancer's refusal as any other. */
function unavailable(res, status, msg) {
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '1' });
  res.end(JSON.stringify({ code: status, msg }));
}
