/**
 * What the positions and categories screens share: both are named, sorted, enabled or
 * disabled items counted by what uses them; each screen supplies its calls, permission id
 * and message prefix.
 */
import type { NamedItem, PermissionId } from '@swo/contract';
import type { NamedItemQuery } from '../../app/api.ts';
export interface NamedItemValues {
  name: string;
  sort: number;
  status: number;
}

export interface NamedItemKind {
  /** Permission id of the menu (its actions gate the buttons) and prefix of its messages. */
  permission: Extract<PermissionId, 'position' | 'category'>;
  list: (q: NamedItemQuery) => Promise<{ data: NamedItem[]; totalCount: number }>;
  add: (v: NamedItemValues) => Promise<unknown>;
  edit: (id: number, v: NamedItemValues) => Promise<unknown>;
  setStatus: (id: number, status: number) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}
