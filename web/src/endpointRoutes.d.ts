/** The build-time table of each call's method and path (vite.config.ts, `endpointRoutes`). */
declare module 'virtual:endpoint-routes' {
  import type { EndpointName } from '@swo/contract';

  const ROUTES: Record<EndpointName, { method: 'GET' | 'POST'; path: string }>;
  export default ROUTES;
}
