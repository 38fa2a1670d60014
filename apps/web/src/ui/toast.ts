/** The one toast channel (seed §9: 1500 ms by default, 2000 ms for API errors). */
export const TOAST_MS = 1500;
export const API_ERROR_TOAST_MS = 2000;

export interface ToastState {
  id: number;
  message: string;
  ms: number;
}

type Listener = (state: ToastState | null) => void;

let current: ToastState | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function publish(state: ToastState | null) {
  current = state;
  for (const listener of listeners) listener(state);
}

/** Shows `message` for `ms`, replacing any toast on screen. */
export function toast(message: string, ms = TOAST_MS): void {
  if (!message) return;
  clearTimeout(timer);
  const state = { id: nextId++, message, ms };
  publish(state);
  timer = setTimeout(() => {
    if (current?.id === state.id) publish(null);
  }, ms);
}

export function currentToast(): ToastState | null {
  return current;
}

export function subscribeToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
