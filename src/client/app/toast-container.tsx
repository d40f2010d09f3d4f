import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { TOAST_DRAG_PERCENT, TOAST_ERROR_MS } from '../../lib/limits';
import { signalToastContainerReady } from './notify';

/**
 * Toasts top right, drag-to-close at 80 % (SPEC.md section 9). The unstyled build injects no
 * <style>; its stylesheet is a file, as the Content-Security-Policy wants.
 */
export default function AppToastContainer() {
  // Runs after ToastContainer's own effects, so the container is registered by now.
  useEffect(signalToastContainerReady, []);
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_ERROR_MS}
      draggablePercent={TOAST_DRAG_PERCENT}
      newestOnTop
    />
  );
}
