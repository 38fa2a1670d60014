import { CONFLATION, conflationMs } from '@otc/protocol/socket/constants';
import type { ChannelMessage } from '../bus/bus.ts';
import { PendingChannel } from './conflation.ts';
import { type Framed, textFrame } from './frame.ts';

/** Connections holding the same conflated channels: one batch frame serves them all. */
interface Group<C> {
  channels: string[];
  members: Set<C>;
}

/**
 * The conflated channels' fan-out (decision 0157). Messages are folded per channel, not per
 * connection: every holder of a channel was owed the same messages in a window, so the folded
 * value is the same for all (one that joined mid-window asked for a snapshot and drops what its
 * snapshot already holds by seq). At each tick the channels whose cadence is due are serialised
 * once; connections holding the same set of conflated channels (a group: every home screen on the
 * same 20 tickers) share one frame, so the work of a tick is per channel and per group, and per
 * connection only the write.
 */
export class ConflatedFanout<C> {
  private readonly pending = new Map<string, PendingChannel>();
  private readonly groups = new Map<string, Group<C>>();
  /** The groups holding each channel. */
  private readonly holders = new Map<string, Set<Group<C>>>();
  private readonly groupOf = new Map<C, Group<C>>();
  private tick = 0;

  constructor(private readonly write: (c: C, frame: Framed) => void) {}

  /** Whether the gateway conflates this channel rather than sending each message. */
  static conflated(channel: string): boolean {
    return conflationMs(channel) !== null;
  }

  /**
   * `c` now holds these channels (the conflated ones are kept, the others ignored). It joins its
   * new group before it leaves the old one, so what is pending for a channel it keeps stays.
   */
  hold(c: C, channels: Iterable<string>): void {
    const held = [...channels].filter(ConflatedFanout.conflated).sort();
    const key = held.join(' ');
    const old = this.groupOf.get(c);
    if (old && old.channels.join(' ') === key) return;
    if (held.length > 0) {
      let group = this.groups.get(key);
      if (!group) {
        group = { channels: held, members: new Set() };
        this.groups.set(key, group);
        for (const ch of held) this.holders.set(ch, (this.holders.get(ch) ?? new Set()).add(group));
      }
      group.members.add(c);
      this.groupOf.set(c, group);
    } else this.groupOf.delete(c);
    if (old) this.leave(old, c);
  }

  release(c: C): void {
    const group = this.groupOf.get(c);
    if (!group) return;
    this.groupOf.delete(c);
    this.leave(group, c);
  }

  /** Takes `c` out of `group`; a group left empty goes, and a channel no group holds any more. */
  private leave(group: Group<C>, c: C): void {
    group.members.delete(c);
    if (group.members.size > 0) return;
    this.groups.delete(group.channels.join(' '));
    for (const ch of group.channels) {
      const set = this.holders.get(ch);
      set?.delete(group);
      if (set?.size === 0) {
        this.holders.delete(ch);
        this.pending.delete(ch);
      }
    }
  }

  /** Keeps the message for the channel's next flush; one nobody holds is not kept. */
  publish(m: ChannelMessage): void {
    if (!this.holders.has(m.channel)) return;
    let p = this.pending.get(m.channel);
    if (!p) {
      p = new PendingChannel(m.channel);
      this.pending.set(m.channel, p);
    }
    p.add(m);
  }

  /** One tick: the due channels' values, one frame per group that holds any of them. */
  flush(): void {
    this.tick += 1;
    const due = new Map<string, string>();
    for (const [channel, p] of this.pending) {
      const every = (conflationMs(channel) ?? CONFLATION.tickMs) / CONFLATION.tickMs;
      if (this.tick % every !== 0) continue;
      this.pending.delete(channel);
      const entries = p.take();
      if (entries.length > 0) due.set(channel, entries.map((e) => JSON.stringify(e)).join(','));
    }
    if (due.size === 0) return;
    const touched = new Set<Group<C>>();
    for (const channel of due.keys()) for (const g of this.holders.get(channel) ?? []) touched.add(g);
    for (const g of touched) {
      const parts: string[] = [];
      for (const ch of g.channels) {
        const part = due.get(ch);
        if (part !== undefined) parts.push(part);
      }
      const frame = textFrame(`{"type":"batch","frames":[${parts.join(',')}]}`);
      for (const c of g.members) this.write(c, frame);
    }
  }
}
