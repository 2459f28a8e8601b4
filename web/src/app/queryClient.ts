/**
 * The one react-query client; its cache is dropped when the session ends (queryScope.ts).
 * Loaded with the first page that runs queries, not with the login page, which runs none
 * (docs/design.md, "Login page weight"): lazyPage puts a provider around those pages.
 */
import { QueryClient } from '@tanstack/react-query';
import { registerQueryClient } from './queryScope.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client reports failures itself; retrying would repeat the notification.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
registerQueryClient(queryClient);
