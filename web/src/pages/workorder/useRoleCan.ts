/**
 * `(code) => boolean` against the user's role in the current company (not the current
 * route's meta): the detail page is reachable from the list and from "my work orders",
 * and its edit / delete buttons depend on `workorder.*` wherever it was opened from.
 */
import { useMemo } from 'react';
import { can, type PermissionCode } from '@swo/contract';
import { useSession } from '../../app/session.ts';

export function useRoleCan(): (code: PermissionCode) => boolean {
  const role = useSession((s) => s.roles);
  return useMemo(() => (code: PermissionCode) => !!role && (role.is_admin || can(role.permissions ?? [], code)), [role]);
}
