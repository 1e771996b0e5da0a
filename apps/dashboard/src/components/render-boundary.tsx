import { Component, type ReactNode } from 'react';

/** A screen the renderer cannot show becomes a message, not a blank page (the rest of the review keeps working). */
export class RenderBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
