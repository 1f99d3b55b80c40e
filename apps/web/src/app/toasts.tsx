import { TOAST_AUTO_CLOSE_MS } from '@app/contracts/constants';
import { Bounce, ToastContainer } from 'react-toastify';

/** SPEC §4/§9 toasts: top-right, 5 s, pause on hover and focus loss, draggable, limit with a queue. */
export default function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick
      newestOnTop={false}
      limit={3}
      transition={Bounce}
      theme={theme}
    />
  );
}
