import { describe, expect, it } from 'vitest';
import type { Department } from '@swo/contract';
import { buildDepartmentTree, parentIds, selfAndDescendants } from './departmentTree.ts';

const dep = (id: number, parent_id: number, sort = 0): Department => ({
  id,
  parent_id,
  name: `d${id}`,
  leader_staff_id: null,
  leader_name: null,
  sort,
  status: 1,
  staff_count: 0,
  created_at: '2026-01-01T00:00:00Z',
});

describe('buildDepartmentTree', () => {
  it('nests by parent_id and orders siblings by sort, then id', () => {
    const tree = buildDepartmentTree([dep(3, 1, 2), dep(1, 0), dep(2, 1, 1), dep(4, 2), dep(5, 0)]);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    expect(tree[0].children?.map((n) => n.id)).toEqual([2, 3]);
    expect(tree[0].children?.[0].children?.map((n) => n.id)).toEqual([4]);
    expect(tree[1].children).toBeUndefined();
  });

  it('makes a department with a missing parent a root', () => {
    expect(buildDepartmentTree([dep(7, 99)]).map((n) => n.id)).toEqual([7]);
  });

  it('survives a cycle without looping', () => {
    expect(buildDepartmentTree([dep(1, 2), dep(2, 1), dep(3, 0)]).map((n) => n.id)).toEqual([3]);
  });
});

describe('selfAndDescendants', () => {
  it('collects the department and everything below it', () => {
    const list = [dep(1, 0), dep(2, 1), dep(3, 2), dep(4, 0), dep(5, 4)];
    expect([...selfAndDescendants(list, 1)].sort()).toEqual([1, 2, 3]);
    expect([...selfAndDescendants(list, 5)]).toEqual([5]);
  });
});

describe('parentIds', () => {
  it('lists the nodes that have children', () => {
    expect(parentIds(buildDepartmentTree([dep(1, 0), dep(2, 1), dep(3, 2), dep(4, 0)]))).toEqual([1, 2]);
  });
});
