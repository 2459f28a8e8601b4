/** Handlers of departments, positions and categories: validate (the table's schemas), call the service, return `data`. */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const organisationHandlers = (s: Services) =>
  defineHandlers({
    departmentList: async (q, { req }) => s.departments.list(actorOf(req), q),
    departmentAdd: async (b, { req }) => s.departments.add(actorOf(req), b),
    departmentEdit: async ({ id, ...b }, { req }) => s.departments.edit(actorOf(req), id, b),
    departmentDetail: async (b, { req }) => s.departments.detail(actorOf(req), b.id),
    departmentDelete: async (b, { req }) => (await s.departments.remove(actorOf(req), b.id), null),
    departmentStatus: async (b, { req }) => s.departments.setStatus(actorOf(req), b.id, b.status),
    orgList: async (_, { req }) => s.departments.orgList(actorOf(req)),

    positionList: async (q, { req }) => s.positions.list(actorOf(req), q),
    positionAdd: async (b, { req }) => s.positions.add(actorOf(req), b),
    positionEdit: async ({ id, ...b }, { req }) => s.positions.edit(actorOf(req), id, b),
    positionDetail: async (b, { req }) => s.positions.detail(actorOf(req), b.id),
    positionStatus: async (b, { req }) => s.positions.setStatus(actorOf(req), b.id, b.status),
    positionDelete: async (b, { req }) => (await s.positions.remove(actorOf(req), b.id), null),

    categoryList: async (q, { req }) => s.categories.list(actorOf(req), q),
    categoryAdd: async (b, { req }) => s.categories.add(actorOf(req), b),
    categoryEdit: async ({ id, ...b }, { req }) => s.categories.edit(actorOf(req), id, b),
    categoryStatus: async (b, { req }) => s.categories.setStatus(actorOf(req), b.id, b.status),
    categoryDelete: async (b, { req }) => (await s.categories.remove(actorOf(req), b.id), null),
  });
