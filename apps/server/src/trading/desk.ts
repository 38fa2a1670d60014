import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, ChannelMessage } from '../bus/bus.ts';
import { AppError } from '../http/errors.ts';

type Answer = {
  id: string;
  result?: unknown;
  error?: { key: AppError['key']; params: AppError['params']; field?: string };
};

/**
 * Where a product's commands that need a book run (place, cancel, depth...). One process owns the
 * product's engines (the single writer of every book): on PostgreSQL the holder of an advisory lock
 * among the `all` and `engine` processes (`takeEngines`), on PGlite the one process. Its desk runs
 * commands locally (`local`, the product's); every other instance's desk forwards them over the bus
 * (Redis) on `<product>:rpc` and answers with the owner's answer, errors included. A command the
 * owner never answers in time (it died and a standby is taking over, or it is swamped) fails with
 * `trading_unavailable` after `forwardTimeoutMs`: the client repeats it with the same idempotency
 * key, which places an order at most once.
 */
export abstract class Desk<
  Command extends { op: string },
  Engines extends { recover(): Promise<void>; idle(): Promise<void> },
> {
  private owner = false;
  private becameOwner: () => void = () => undefined;
  /** Resolves when this process owns the engines (what trades through them, a market maker, starts then). */
  readonly owned = new Promise<void>((resolve) => {
    this.becameOwner = resolve;
  });
  private readonly rpcChannel: string;
  private readonly replyChannel: string;
  private readonly waiting = new Map<string, { resolve: (a: Answer) => void; timer: NodeJS.Timeout }>();
  private readonly unsubscribe: () => void;
  /** The commands running here now (this process's and forwarded ones): `close` waits for them. */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly product: string,
    /** The product's engines: every book, rebuilt from the database when this process takes over. */
    readonly engines: Engines,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly forwardTimeoutMs: number,
  ) {
    this.rpcChannel = `${product}:rpc`;
    this.replyChannel = `${product}:reply:${randomUUID()}`;
    this.unsubscribe = bus.subscribe((m) => this.onMessage(m));
  }

  /** Runs a command here, where the engines are (the owner's side of a forwarded command too). */
  protected abstract local(command: Command): Promise<unknown>;

  /** Takes over the engines: rebuilds every book from the database, then serves the platform. */
  async own(): Promise<void> {
    await this.engines.recover();
    this.owner = true;
    this.becameOwner();
  }

  get owns(): boolean {
    return this.owner;
  }

  /**
   * Stops taking commands, then, where this process owns the engines, gives them up: later commands
   * are forwarded (and refused while nobody owns the engines), and this resolves once the commands
   * running here and every write the engines queued are done. Only then may the ownership be
   * released: a standby that takes over rebuilds the books from the database, and an order this
   * process was still settling would look unsettled to it, and be settled twice.
   */
  async close(): Promise<void> {
    this.unsubscribe();
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    if (!this.owner) return;
    this.owner = false;
    await Promise.allSettled([...this.running]);
    await this.engines.idle();
  }

  /** Runs a command where the engines are: here, or at the owner. */
  protected run(command: Command): Promise<unknown> {
    return this.owner ? this.here(command) : this.remote(command);
  }

  private here(command: Command): Promise<unknown> {
    const running = this.local(command);
    this.running.add(running);
    const done = () => this.running.delete(running);
    running.then(done, done);
    return running;
  }

  private async remote(command: Command): Promise<unknown> {
    const id = randomUUID();
    const answer = await new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve({ id, error: { key: 'trading_unavailable', params: {} } });
      }, this.forwardTimeoutMs);
      this.waiting.set(id, { resolve, timer });
      this.bus.publish({
        channel: this.rpcChannel,
        seq: 0,
        data: { id, replyTo: this.replyChannel, command },
      });
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
    if (m.channel !== this.rpcChannel || !this.owner) return;
    const { id, replyTo, command } = m.data as { id: string; replyTo: string; command: Command };
    const reply = (answer: Omit<Answer, 'id'>) =>
      this.bus.publish({ channel: replyTo, seq: 0, data: { id, ...answer } });
    this.here(command).then(
      (result) => reply({ result }),
      (err: unknown) => {
        if (err instanceof AppError)
          return reply({
            error: { key: err.key, params: err.params, ...(err.field ? { field: err.field } : {}) },
          });
        this.log.error({ err, op: command.op }, `forwarded ${this.product} command failed`);
        reply({ error: { key: 'internal', params: {} } });
      },
    );
  }
}
