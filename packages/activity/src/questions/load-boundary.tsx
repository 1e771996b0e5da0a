import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of its children when they throw: a question's code that is loaded on demand failed to load. */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
