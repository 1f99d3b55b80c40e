import { FIRST_PAINT_PATHS } from '@app/contracts/constants';

/**
 * Whether the server draws this page's first paint (decision 037): one of its paths, without a
 * query string (the copy is drawn from the path alone).
 */
export function drawnByServer(pathname: string, search: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return (FIRST_PAINT_PATHS as readonly string[]).includes(path) && search === '';
}
