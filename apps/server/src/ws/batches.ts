import { CONFLATION, conflationMs } from '@otc/protocol/socket/constants';
import type { ChannelMessage } from '../bus/bus.ts';
import { PendingChannel } from './conflation.ts';
import { type Framed, textFrame } from './frame.ts';

/**
 * Connections holding the same conflated channels in the same phase: one batch frame serves them
 * all. `phase` is the connection's phase modulo `span`, the least common multiple of its channels'
 * cadences in ticks.
 */
interface Group<C> {
  key: string;
  channels: string[];
  span: number;
  phase: number;
  members: Set<C>;
}

/** A channel's cadence in gateway ticks. */
const ticksOf = (channel: string) => (conflationMs(channel) ?? CONFLATION.tickMs) / CONFLATION.tickMs;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Phases are counted modulo a multiple of every cadence, so a connection's phase fits them all. */
const PHASES = Object.values(CONFLATION)
  .map((ms) => ms / CONFLATION.tickMs)
  .reduce((a, b) => (a * b) / gcd(a, b), 1);

/**
 * The conflated channels' fan-out (decision 0157). Messages are folded per channel, not per
 * connection: every holder of a channel was owed the same messages in a window, so the folded
 * value is the same for all (one that joined mid-window asked for a snapshot and drops what its
 * snapshot already holds by seq). Connections are spread over phases: a channel flushed every n
 * ticks goes to a connection on the ticks where tick ≡ its phase (mod n), so the list screens'
 * tickers (every 5 ticks) go to a fifth of them on each tick rather than to all on one, and no tick
 * holds the next up with a burst of writes. A channel keeps a folded value per phase slot. At each
 * tick the due slots are serialised once; connections holding the same conflated channels in the
 * same phase (a group: a fifth of the home screens on the same 20 tickers) share one frame, so the
 * work of a tick is per channel and per group, and per connection only the write.
 */
export class ConflatedFanout<C> {
  /** Per channel, the folded value of each phase slot (`ticksOf(channel)` of them). */
  private readonly pending = new Map<string, PendingChannel[]>();
  private readonly groups = new Map<string, Group<C>>();
  /** The groups holding each channel. */
  private readonly holders = new Map<string, Set<Group<C>>>();
  private readonly groupOf = new Map<C, Group<C>>();
  private readonly phaseOf = new Map<C, number>();
  private nextPhase = 0;
  private tick = 0;

  constructor(private readonly write: (c: C, frame: Framed) => void) {}

  /** Whether the gateway conflates this channel rather than sending each message. */
  static conflated(channel: string): boolean {
    return conflationMs(channel) !== null;
  }

  /**
   * `c` now holds these channels (the conflated ones are kept, the others ignored). It keeps its
   * phase, and joins its new group before it leaves the old one, so what is pending for a channel it
   * keeps stays.
   */
  hold(c: C, channels: Iterable<string>): void {
    const held = [...channels].filter(ConflatedFanout.conflated).sort();
    let phase = this.phaseOf.get(c);
    if (phase === undefined) {
      phase = this.nextPhase;
      this.nextPhase = (this.nextPhase + 1) % PHASES;
      this.phaseOf.set(c, phase);
    }
    const span = held.map(ticksOf).reduce((a, b) => (a * b) / gcd(a, b), 1);
    const key = `${phase % span} ${held.join(' ')}`;
    const old = this.groupOf.get(c);
    if (old?.key === key) return;
    if (held.length > 0) {
      let group = this.groups.get(key);
      if (!group) {
        group = { key, channels: held, span, phase: phase % span, members: new Set() };
        this.groups.set(key, group);
        for (const ch of held) this.holders.set(ch, (this.holders.get(ch) ?? new Set()).add(group));
      }
      group.members.add(c);
      this.groupOf.set(c, group);
    } else this.groupOf.delete(c);
    if (old) this.leave(old, c);
  }

  release(c: C): void {
    this.phaseOf.delete(c);
    const group = this.groupOf.get(c);
    if (!group) return;
    this.groupOf.delete(c);
    this.leave(group, c);
  }

  /** Takes `c` out of `group`; a group left empty goes, and a channel no group holds any more. */
  private leave(group: Group<C>, c: C): void {
    group.members.delete(c);
    if (group.members.size > 0) return;
    this.groups.delete(group.key);
    for (const ch of group.channels) {
      const set = this.holders.get(ch);
      set?.delete(group);
      if (set?.size === 0) {
        this.holders.delete(ch);
        this.pending.delete(ch);
      }
    }
  }

  /** Keeps the message for the channel's next flush in every phase slot; one nobody holds is not kept. */
  publish(m: ChannelMessage): void {
    if (!this.holders.has(m.channel)) return;
    let slots = this.pending.get(m.channel);
    if (!slots) {
      slots = Array.from({ length: ticksOf(m.channel) }, () => new PendingChannel(m.channel));
      this.pending.set(m.channel, slots);
    }
    for (const p of slots) p.add(m);
  }

  /** One tick: the due slots' values, one frame per group that holds any of them. */
  flush(): void {
    this.tick += 1;
    const due = new Map<string, string>();
    for (const [channel, slots] of this.pending) {
      const entries = slots[this.tick % slots.length]?.take() ?? [];
      if (entries.length > 0) due.set(channel, entries.map((e) => JSON.stringify(e)).join(','));
    }
    if (due.size === 0) return;
    const touched = new Set<Group<C>>();
    for (const channel of due.keys()) {
      const every = ticksOf(channel);
      for (const g of this.holders.get(channel) ?? [])
        if (g.phase % every === this.tick % every) touched.add(g);
    }
    for (const g of touched) {
      const parts: string[] = [];
      for (const ch of g.channels) {
        const part = due.get(ch);
        const every = ticksOf(ch);
        if (part !== undefined && g.phase % every === this.tick % every) parts.push(part);
      }
      const frame = textFrame(`{"type":"batch","frames":[${parts.join(',')}]}`);
      for (const c of g.members) this.write(c, frame);
    }
  }
}
