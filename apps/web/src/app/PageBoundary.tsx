import { Component, type ReactNode } from 'react';
import { RetryScreen } from './RetryScreen.tsx';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a page chunk that failed or timed out (and any render error) and offers Retry. */
export class PageBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RetryScreen onRetry={this.props.onRetry} /> : this.props.children;
  }
}
