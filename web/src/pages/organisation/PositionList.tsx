/** Positions (menu component PositionList): the shared named-item table with the position calls. */
import { call } from '../../app/api.ts';
import NamedItemList from './NamedItemList.tsx';
import type { NamedItemKind } from './namedItems.ts';

const POSITIONS: NamedItemKind = {
  permission: 'position',
  list: (q) => call('positionList', q),
  add: (v) => call('positionAdd', v),
  edit: (id, v) => call('positionEdit', { id, ...v }),
  setStatus: (id, status) => call('positionStatus', { id, status }),
  remove: (id) => call('positionDelete', { id }),
};

export default function PositionList() {
  return <NamedItemList kind={POSITIONS} />;
}
