import { useSyncExternalStore } from 'react';
import { currentToast, subscribeToast } from './toast.ts';

/** The one place toasts render. */
export function ToastHost() {
  const state = useSyncExternalStore(subscribeToast, currentToast, currentToast);
  if (!state) return null;
  return (
    <div className="toast-layer" aria-live="polite">
      <div key={state.id} className="toast" role="status" data-testid="toast">
        {state.message}
      </div>
    </div>
  );
}
