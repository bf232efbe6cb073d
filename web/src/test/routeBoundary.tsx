import { Component, type ReactNode } from 'react';

/** The route's error screen's text, as RouteBoundary shows it. */
export const ROUTE_ERROR = 'Qualcosa è andato storto';

/**
 * Stands in for a route's error screen in component tests: what reaches it would replace the whole
 * page, so a test of code that must not take the page down renders inside it and expects no ROUTE_ERROR.
 */
export class RouteBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>{ROUTE_ERROR}</p> : this.props.children;
  }
}
