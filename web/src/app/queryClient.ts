/** The one react-query client; its cache is dropped when the session ends. */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client reports failures itself; retrying would repeat the notification.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
