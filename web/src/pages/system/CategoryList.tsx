/** Categories (menu component CategoryList): the shared named-item table with the category calls. */
import { call } from '../../app/api.ts';
import NamedItemList from '../organisation/NamedItemList.tsx';
import type { NamedItemKind } from '../organisation/namedItems.ts';

const CATEGORIES: NamedItemKind = {
  permission: 'category',
  list: (q) => call('categoryList', q),
  add: (v) => call('categoryAdd', v),
  edit: (id, v) => call('categoryEdit', { id, ...v }),
  setStatus: (id, status) => call('categoryStatus', { id, status }),
  remove: (id) => call('categoryDelete', { id }),
};

export default function CategoryList() {
  return <NamedItemList kind={CATEGORIES} />;
}
