/**
 * The route objects in use and the route the location matches: its name, meta and params.
 * Pages read their permissions from here (docs/product.md, section 6: the current route's meta).
 */
import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { can, type PermissionCode } from '@swo/contract';
import type { RouteMeta } from './routeTypes.ts';

/** What every route object carries in `handle`. */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
  /** Routes that only redirect get no tab. */
  redirect?: boolean;
}

export const RouteObjectsContext = createContext<RouteObject[]>([]);

export interface CurrentRoute extends RouteHandle {
  params: Record<string, string | undefined>;
  pathname: string;
}

/** Matches `pathname` against `objects`; the deepest route with a handle wins. */
export function findRoute(objects: RouteObject[], pathname: string): CurrentRoute | null {
  const matches = matchRoutes(objects, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].route.handle as RouteHandle | undefined;
    if (handle) return { ...handle, params: matches[i].params, pathname };
  }
  return null;
}

export function useCurrentRoute(): CurrentRoute | null {
  const objects = useContext(RouteObjectsContext);
  const { pathname } = useLocation();
  return useMemo(() => findRoute(objects, pathname), [objects, pathname]);
}

/** `(code) => boolean` for `permissionId.action` codes against the current route's meta. */
export function usePermission(): (code: PermissionCode) => boolean {
  const route = useCurrentRoute();
  const perm = route?.meta.permission;
  return useMemo(() => (code: PermissionCode) => (perm ? can([perm], code) : false), [perm]);
}
