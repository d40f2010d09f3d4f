import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
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

/** The router's errorElement: errors thrown while rendering a route land here. */
export function RouteErrorFallback() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unexpected route error', error);
  }, [error]);
  return <CrashFallback />;
}
