import { describe, expect, it } from 'vitest';
import { branchIds, buildOrgTree, enabledChoices, STAFF_TABLE, staffQuery, withDepartment } from './staffTable.ts';

const row = (id: number, parent_id: number, name: string, total_staff = 0) => ({ id, parent_id, name, staff_count: 0, total_staff });

describe('the staff screen: URL state and department tree', () => {
  it('reads filters from the URL and builds the list query without empty ones', () => {
    const s = STAFF_TABLE.read('department_id=3&keyword=li&status=0&role_id=x');
    expect(staffQuery(s)).toEqual({
      pageNo: 1,
      pageSize: 10,
      department_id: 3,
      keyword: 'li',
      position_id: undefined,
      role_id: undefined,
      status: 0,
    });
    expect(staffQuery(STAFF_TABLE.read('')).status).toBeUndefined();
  });

  it('a new department choice goes back to page 1', () => {
    expect(STAFF_TABLE.patch('pageNo=3&keyword=a', { department_id: 5 }).toString()).toBe('keyword=a&department_id=5');
    expect(STAFF_TABLE.patch('department_id=5', { department_id: undefined }).toString()).toBe('');
  });

  it('nests orglist rows; an orphan becomes a root; the counts are the totals', () => {
    const tree = buildOrgTree([row(1, 0, 'A', 5), row(2, 1, 'A1', 3), row(3, 2, 'A1a', 1), row(4, 99, 'orphan'), row(5, 0, 'B')]);
    expect(tree.map((n) => n.title)).toEqual(['A', 'orphan', 'B']);
    expect(tree[0]).toMatchObject({ key: 1, value: 1, total: 5 });
    expect(tree[0].children?.[0].children?.[0]).toEqual({ key: 3, value: 3, title: 'A1a', total: 1 });
    expect(tree[2].children).toBeUndefined();
    expect(branchIds(tree)).toEqual([1, 2]);
  });

  it('does not loop on a cycle in the rows', () => {
    expect(buildOrgTree([row(1, 2, 'x'), row(2, 1, 'y')])).toEqual([]);
  });

  it("offers a member's department that the tree lacks (disabled) on top, once", () => {
    const tree = buildOrgTree([row(1, 0, 'A'), row(2, 1, 'A1')]);
    expect(withDepartment(tree, 2, 'A1')).toBe(tree);
    expect(withDepartment(tree, null, null)).toBe(tree);
    expect(withDepartment(tree, 9, 'Old').map((n) => n.title)).toEqual(['Old', 'A']);
  });

  it('offers only enabled positions and roles; a disabled current one stays, not selectable', () => {
    const items = [
      { id: 1, name: 'Clerk', status: 1 },
      { id: 2, name: 'Old', status: 0 },
      { id: 3, name: 'Lead', status: 1 },
    ];
    expect(enabledChoices(items)).toEqual([
      { value: 1, label: 'Clerk' },
      { value: 3, label: 'Lead' },
    ]);
    expect(enabledChoices(items, { id: 1, name: 'Clerk' })).toEqual(enabledChoices(items));
    expect(enabledChoices(items, { id: null, name: null })).toEqual(enabledChoices(items));
    expect(enabledChoices(items, { id: 2, name: 'stale' })[0]).toEqual({ value: 2, label: 'Old', disabled: true });
    // Not listed (no right to list them): the member's own name of it.
    expect(enabledChoices([], { id: 7, name: 'Manager' })).toEqual([{ value: 7, label: 'Manager', disabled: true }]);
  });
});
