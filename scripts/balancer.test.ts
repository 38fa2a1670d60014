import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
// @ts-expect-error plain ESM script without types
import { startBalancer } from './balancer.mjs';

/** A backend that names itself in every answer, with a `/readyz` the test turns on and off, and a socket echo. */
async function backend(name: string) {
  const state = { ready: true };
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(state.ready ? 200 : 503).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.send(`hello from ${name}`));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const c of wss.clients) c.terminate();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

type Balancer = { url: string; ready(): string[]; close(): Promise<void> };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const names = async (url: string, n: number) => {
  const seen: string[] = [];
  for (let i = 0; i < n; i++)
    seen.push(((await (await fetch(`${url}/api/x`)).json()) as { name: string }).name);
  return seen;
};
const until = async (ok: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("npm run cluster's balancer", () => {
  it('sends requests in turn to the ready backends only, and answers 503 itself when none is', async () => {
    const a = await backend('a');
    const b = await backend('b');
    open.push(a, b);
    const balancer = (await startBalancer({ port: 0, backends: [a.url, b.url], checkMs: 50 })) as Balancer;
    open.push(balancer);
    expect((await names(balancer.url, 4)).sort()).toEqual(['a', 'a', 'b', 'b']);

    b.state.ready = false;
    await until(() => balancer.ready().length === 1);
    expect(await names(balancer.url, 3)).toEqual(['a', 'a', 'a']);

    a.state.ready = false;
    await until(() => balancer.ready().length === 0);
    const refused = await fetch(`${balancer.url}/api/x`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 503, msg: 'no instance is ready' });

    b.state.ready = true;
    await until(() => balancer.ready().length === 1);
    expect(await names(balancer.url, 2)).toEqual(['b', 'b']);
  });

  it('passes WebSocket upgrades to a ready backend', async () => {
    const a = await backend('a');
    open.push(a);
    const balancer = (await startBalancer({ port: 0, backends: [a.url], checkMs: 50 })) as Balancer;
    open.push(balancer);
    const ws = new WebSocket(`${balancer.url.replace('http', 'ws')}/ws`);
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (m) => resolve(m.toString()));
      ws.once('error', reject);
    });
    expect(first).toBe('hello from a');
    ws.close();
  });

  it('answers 502 when the backend it chose is gone', async () => {
    const a = await backend('a');
    const balancer = (await startBalancer({ port: 0, backends: [a.url], checkMs: 60_000 })) as Balancer;
    open.push(balancer);
    await a.close();
    const res = await fetch(`${balancer.url}/api/x`);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: number }).code).toBe(502);
  });
});
