import WebSocket from 'ws';

/**
 * A test socket client that records every frame and can wait for one. A `batch` frame (conflated
 * channels, decision 0157) is recorded whole in `batches`, and each of its entries in `frames` as
 * the data frame it stands for (`type: 'data'`, with its `from` and `batched: true`), as the web's
 * client applies them.
 */
export class TestSocket {
  readonly frames: Record<string, unknown>[] = [];
  readonly batches: { at: number; frames: Record<string, unknown>[] }[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (m) => {
      const frame = JSON.parse(m.toString()) as Record<string, unknown>;
      if (frame.type !== 'batch') return this.frames.push(frame);
      const entries = frame.frames as Record<string, unknown>[];
      this.batches.push({ at: Date.now(), frames: entries });
      for (const e of entries) this.frames.push({ type: 'data', ...e, batched: true });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static open(url: string, lang = 'en'): Promise<TestSocket> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { 'accept-language': lang } });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  async waitFor(match: (f: Record<string, unknown>) => boolean, ms = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching frame; got ${JSON.stringify(this.frames.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async waitClosed(ms = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket still open');
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }
}
