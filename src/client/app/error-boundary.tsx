import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { CrashFallback } from './crash-fallback';

interface ErrorBoundaryProps {
  children: ReactNode;
  onRefresh?: () => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Catches rendering errors outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected rendering error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return this.props.onRefresh ? (
        <CrashFallback onRefresh={this.props.onRefresh} />
      ) : (
        <CrashFallback />
      );
    }
    return this.props.children;
  }
}

interface RouteBoundaryProps {
  children: ReactNode;
  /** The history entry shown: the crash page lasts until the reader goes elsewhere. */
  locationKey: string;
}

interface RouteBoundaryState {
  failed: boolean;
  /** The entry the state belongs to. */
  locationKey: string;
}

class RouteBoundary extends Component<RouteBoundaryProps, RouteBoundaryState> {
  override state: RouteBoundaryState = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(): Partial<RouteBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteBoundaryProps,
    state: RouteBoundaryState,
  ): Partial<RouteBoundaryState> | null {
    // Another history entry (Back, a link): the page is tried again.
    return props.locationKey === state.locationKey
      ? null
      : { failed: false, locationKey: props.locationKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected route error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashFallback /> : this.props.children;
  }
}

/**
 * Errors thrown while rendering a route (the shell or a page, a failed lazy chunk included) end
 * on the crash page instead of the whole app (decision 022: this was the data router's
 * errorElement). Going to another history entry tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <RouteBoundary locationKey={key}>{children}</RouteBoundary>;
}
