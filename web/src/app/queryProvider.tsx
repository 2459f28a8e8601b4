/** A page inside the react-query provider of the one client (loaded with such pages, lazyPage.ts). */
import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient.ts';

export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const WithQueries = (props: P) => (
    <QueryClientProvider client={queryClient}>
      <Page {...props} />
    </QueryClientProvider>
  );
  WithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
