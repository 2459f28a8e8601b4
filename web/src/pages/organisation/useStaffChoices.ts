/**
 * The company's positions and roles for the staff screen's filters and form, from the
 * position and role list calls: one query each, shared through react-query's cache, so
 * the screen and its dialog ask once and both see a change after a refresh.
 */
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type NamedItem, type RoleItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { keys } from '../../app/queryKeys.ts';

/** One page of everything: a company has far fewer positions and roles than a page holds. */
const ALL_ITEMS = { pageNo: 1, pageSize: MAX_PAGE_SIZE };
// Stable empties, so that memos depending on the lists do not rerun while they load.
const NO_POSITIONS: NamedItem[] = [];
const NO_ROLES: RoleItem[] = [];

/**
 * Every position and role, disabled ones included (members may hold them). Silent and not
 * retried: without the right to list them (`position.query`, `role.query`) they stay empty.
 */
export function useStaffChoices(): { positions: NamedItem[]; roles: RoleItem[]; loading: boolean } {
  const positions = useQuery({
    queryKey: keys.namedItems.list('position', ALL_ITEMS),
    queryFn: () => call('positionList', ALL_ITEMS, { silent: true }),
    retry: false,
  });
  const roles = useQuery({ queryKey: keys.roles.list(ALL_ITEMS), queryFn: () => call('roleList', ALL_ITEMS, { silent: true }), retry: false });
  return {
    positions: positions.data?.data ?? NO_POSITIONS,
    roles: roles.data?.data ?? NO_ROLES,
    loading: positions.isFetching || roles.isFetching,
  };
}
