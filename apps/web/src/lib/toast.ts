import type * as ReactToastify from 'react-toastify';

/**
 * Toasts without react-toastify in the first download: the library loads right after start
 * (the container is lazy too) and any toast raised before it arrives waits for it.
 */
type Toastify = typeof ReactToastify;
let lib: Promise<Toastify> | null = null;

export function loadToastify(): Promise<Toastify> {
  lib ??= import('react-toastify');
  return lib;
}

export function toastError(message: string, id?: string): void {
  void loadToastify().then(({ toast }) => toast.error(message, id ? { toastId: id } : undefined));
}

export function toastSuccess(message: string, id?: string): void {
  void loadToastify().then(({ toast }) => toast.success(message, id ? { toastId: id } : undefined));
}
