import type { PositionChange } from './settlement.ts';

export type { PositionChange } from './settlement.ts';

/**
 * The area's in-process event: each position's new state after the commit that changed it
 * (opened, changed, closed), in this process (where the engines run). The risk watchers (TP/SL
 * triggers, liquidation) keep their indexes with it.
 */
export class PositionEvents {
  private readonly listeners = new Set<(c: PositionChange) => void>();

  on(listener: (c: PositionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(changes: PositionChange[], onError: (err: unknown) => void): void {
    for (const c of changes)
      for (const l of this.listeners) {
        try {
          l(c);
        } catch (err) {
          onError(err);
        }
      }
  }
}
