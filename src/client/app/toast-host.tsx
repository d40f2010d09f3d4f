import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastifyRequested, subscribeToToastifyRequest } from './notify';

const AppToastContainer = lazy(() => import('./toast-container'));

/**
 * Mounts the toast container once the first toast is wanted: react-toastify stays out of the
 * JavaScript a visitor downloads before /login is usable.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToastifyRequest, isToastifyRequested, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
