/** Handlers of the platform calls (accounts, companies). */
import type { Services } from '../../services.ts';
import { platformActorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const platformHandlers = (s: Services) =>
  defineHandlers({
    accountList: async (q) => s.accounts.list(q),
    accountAdd: async (b, { req }) => s.accounts.add(platformActorOf(req), b),
    accountUpdate: async ({ id, ...patch }, { req }) => s.accounts.update(platformActorOf(req), id, patch),
    accountStatus: async (b, { req }) => (await s.accounts.setStatus(platformActorOf(req), b.id, b.status), null),
    accountPassword: async (b, { req }) => s.accounts.setPassword(platformActorOf(req), b.id, b.password),
    smsOutbox: async (q) => s.smsCodes.outbox(q),
    platformCompanyList: async (q) => s.companies.list(q),
    platformCompanyAdd: async (b, { req }) => s.companies.add(platformActorOf(req), b),
    platformCompanyUpdate: async ({ id, ...patch }, { req }) => s.companies.update(platformActorOf(req), id, patch),
    platformCompanyStatus: async (b, { req }) => (await s.companies.setStatus(platformActorOf(req), b.id, b.status), null),
  });
