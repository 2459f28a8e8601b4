/** The build-time table of each call's method and path (vite.config.ts, `endpointRoutes`). */
declare module 'virtual:endpoint-routes' {
  import type { EndpointName } from '@swo/contract';

  const ROUTES: Record<EndpointName, { method: 'GET' | 'POST'; path: string }>;
  export default ROUTES;
}

/** The same for the calls of the login page only (the contract's `firstScreen` calls). */
declare module 'virtual:first-routes' {
  import type { EndpointName } from '@swo/contract';

  const ROUTES: Partial<Record<EndpointName, { method: 'GET' | 'POST'; path: string }>>;
  export default ROUTES;
}
