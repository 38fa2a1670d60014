import { RetryScreen } from './RetryScreen.tsx';

/** The router's last resort: reload the app. Page chunk failures are caught closer, in LazyPage. */
export function RouteError() {
  return <RetryScreen onRetry={() => window.location.reload()} />;
}
