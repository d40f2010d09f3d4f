import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toasts.css';
import { TOAST_DRAG_PERCENT, TOAST_ERROR_MS } from '../../lib/limits';
import { usePhoneLayout } from './layout';
import { signalToastContainerReady } from './notify';

/**
 * Toasts with drag-to-close at 80 % (SPEC.md section 9), never over the navigation (issue 9): top
 * right under the header on a desktop, at the bottom above the tab bar on a phone (styles.css
 * places both). How many show at once is notify.ts's business. The unstyled build injects no
 * <style>; its stylesheet is a file, as the Content-Security-Policy wants.
 */
export default function AppToastContainer() {
  const phone = usePhoneLayout();
  // Runs after ToastContainer's own effects, so the container is registered by now.
  useEffect(signalToastContainerReady, []);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={TOAST_ERROR_MS}
      draggablePercent={TOAST_DRAG_PERCENT}
      newestOnTop
    />
  );
}
