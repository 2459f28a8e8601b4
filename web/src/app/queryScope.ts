/**
 * What the session needs of the react-query client without loading react-query: the client
 * registers itself when its module loads (queryClient.ts); before that there is no cache
 * to drop.
 */
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;

export function registerQueryClient(c: QueryClient): void {
  client = c;
}

/** Drops every cached query (sign-out, another company); `cancel` first stops those running. */
export async function dropQueries({ cancel = false }: { cancel?: boolean } = {}): Promise<void> {
  if (!client) return;
  if (cancel) await client.cancelQueries();
  client.clear();
}
