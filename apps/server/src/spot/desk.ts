import { randomUUID } from 'node:crypto';
import type { Realm } from '@otc/protocol/ledger/schemas';
import type { PlaceSpotOrderBody, SpotDepth, SpotOrder } from '@otc/protocol/spot/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, ChannelMessage } from '../bus/bus.ts';
import type { AppContext } from '../context.ts';
import { AppError, failField } from '../http/errors.ts';
import type { MarketHub } from '../market/index.ts';
import type { SpotEngines } from './engines.ts';
import { cancelOrder, placeOrder } from './service.ts';

const RPC_CHANNEL = 'spot:rpc';

type Caller = { userId: string; realm: Realm };
type Command =
  | { op: 'place'; caller: Caller; body: PlaceSpotOrderBody }
  | { op: 'cancel'; userId: string; id: string }
  | { op: 'depth'; symbol: string; realm: Realm; levels: number };
type Answer = {
  id: string;
  result?: unknown;
  error?: { key: AppError['key']; params: AppError['params']; field?: string };
};

/**
 * Where the spot commands that need a book run. One process owns the engines (the single writer of
 * every book): on PostgreSQL the holder of an advisory lock among the `all` and `engine` processes,
 * on PGlite the one process. Its desk runs commands locally; every other instance's desk forwards
 * them over the bus (Redis) and answers with the owner's answer, errors included. A command the owner
 * never answers in time (it died and a standby is taking over, or it is swamped) fails with
 * `trading_unavailable` after SPOT_FORWARD_TIMEOUT_MS: the client repeats it with the same
 * idempotency key, which places an order at most once.
 */
export class SpotDesk {
  private owner = false;
  private becameOwner: () => void = () => undefined;
  /** Resolves when this process owns the engines (the market maker starts then). */
  readonly owned = new Promise<void>((resolve) => {
    this.becameOwner = resolve;
  });
  private readonly replyChannel = `spot:reply:${randomUUID()}`;
  private readonly waiting = new Map<string, { resolve: (a: Answer) => void; timer: NodeJS.Timeout }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly ctx: AppContext,
    readonly engines: SpotEngines,
    private readonly market: MarketHub,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe((m) => this.onMessage(m));
  }

  /** Takes over the engines: rebuilds every book from the database, then serves the platform. */
  async own(): Promise<void> {
    await this.engines.recover();
    this.owner = true;
    this.becameOwner();
  }

  get owns(): boolean {
    return this.owner;
  }

  close(): void {
    this.unsubscribe();
    for (const w of this.waiting.values()) clearTimeout(w.timer);
  }

  place(caller: Caller, body: PlaceSpotOrderBody): Promise<SpotOrder> {
    return this.run({ op: 'place', caller, body }) as Promise<SpotOrder>;
  }

  cancel(userId: string, id: string): Promise<SpotOrder> {
    return this.run({ op: 'cancel', userId, id }) as Promise<SpotOrder>;
  }

  depth(symbol: string, realm: Realm, levels: number): Promise<SpotDepth> {
    return this.run({ op: 'depth', symbol, realm, levels }) as Promise<SpotDepth>;
  }

  private run(command: Command): Promise<unknown> {
    return this.owner ? this.local(command) : this.remote(command);
  }

  private async local(c: Command): Promise<unknown> {
    if (c.op === 'place') return placeOrder(this.engines, this.market, c.caller, c.body);
    if (c.op === 'cancel') return cancelOrder(this.ctx, this.engines, c.userId, c.id);
    const engine = this.engines.get(c.symbol, c.realm);
    if (!engine) failField('not_spot_market', 'symbol');
    return engine.depth(c.levels);
  }

  private async remote(command: Command): Promise<unknown> {
    const id = randomUUID();
    const answer = await new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ id, error: { key: 'trading_unavailable', params: {} } });
      }, this.ctx.config.spotForwardTimeoutMs);
      this.waiting.set(id, { resolve, timer });
      this.bus.publish({ channel: RPC_CHANNEL, seq: 0, data: { id, replyTo: this.replyChannel, command } });
    });
    if (answer.error) throw new AppError(answer.error.key, answer.error.params, answer.error.field);
    return answer.result;
  }

  private onMessage(m: ChannelMessage): void {
    if (m.channel === this.replyChannel) {
      const answer = m.data as Answer;
      const w = this.waiting.get(answer.id);
      if (!w) return;
      clearTimeout(w.timer);
      this.waiting.delete(answer.id);
      w.resolve(answer);
      return;
    }
    if (m.channel !== RPC_CHANNEL || !this.owner) return;
    const { id, replyTo, command } = m.data as { id: string; replyTo: string; command: Command };
    const reply = (answer: Omit<Answer, 'id'>) =>
      this.bus.publish({ channel: replyTo, seq: 0, data: { id, ...answer } });
    this.local(command).then(
      (result) => reply({ result }),
      (err: unknown) => {
        if (err instanceof AppError)
          return reply({
            error: { key: err.key, params: err.params, ...(err.field ? { field: err.field } : {}) },
          });
        this.log.error({ err, op: command.op }, 'forwarded spot command failed');
        reply({ error: { key: 'internal', params: {} } });
      },
    );
  }
}
