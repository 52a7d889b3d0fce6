import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteError } from './RouteError';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  location: Location;
}

/**
 * Catches what a page throws while rendering (or a page chunk that fails to load) and shows
 * RouteError in place of the whole layout; moving to another location tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  constructor(props: Props) {
    super(props);
    this.state = { failed: false, error: null, location: props.location };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.location !== state.location) return { failed: false, error: null, location: props.location };
    return null;
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
