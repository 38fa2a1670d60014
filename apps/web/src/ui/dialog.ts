/** Imperative confirm dialogs, rendered by the one DialogHost. */
export interface ConfirmOptions {
  title?: string;
  okText?: string;
  cancelText?: string;
  /** false for an information dialog with OK only. */
  showCancel?: boolean;
  /** data-testid of the message text, for a dialog tests look for. */
  messageTestId?: string;
}

export interface DialogRequest extends ConfirmOptions {
  id: number;
  message: string;
  resolve: (ok: boolean) => void;
}

type Listener = (queue: readonly DialogRequest[]) => void;

let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly DialogRequest[]) {
  queue = next;
  for (const listener of listeners) listener(queue);
}

/** Resolves true on OK, false on Cancel. Dialogs queue up one after another. */
export function confirm(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const request: DialogRequest = { ...options, id: nextId++, message, resolve };
    publish([...queue, request]);
  });
}

export function settleDialog(id: number, ok: boolean): void {
  const request = queue.find((d) => d.id === id);
  if (!request) return;
  publish(queue.filter((d) => d.id !== id));
  request.resolve(ok);
}

export function dialogQueue(): readonly DialogRequest[] {
  return queue;
}

export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
