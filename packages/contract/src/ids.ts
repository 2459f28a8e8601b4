/**
 * Row ids as the wire sends them, each branded with the table it names (docs/design.md,
 * "Tenancy"): a parsed request hands the server a `WorkOrderId`, not a bare number, so a
 * staff id cannot be passed where an application id is expected. Clients send and read
 * plain numbers (`ParamsOf` strips the brand).
 */
import { z } from 'zod';

/** Largest id a database row can have (a 32-bit integer column). */
export const MAX_ID = 2_147_483_647;

/** A row id as forms and query strings send it (unbranded: counts, versions, rows). */
export const idField = z.coerce.number().int().positive().max(MAX_ID);

/** The company of a staff call; 0 is "none chosen yet" (platform administrators). */
export const companyIdField = z.coerce.number().int().nonnegative().max(MAX_ID).brand<'CompanyId'>();
export const staffIdField = idField.brand<'StaffId'>();
export const workOrderIdField = idField.brand<'WorkOrderId'>();
export const applicationIdField = idField.brand<'ApplicationId'>();
export const templateIdField = idField.brand<'TemplateId'>();
export const categoryIdField = idField.brand<'CategoryId'>();
export const departmentIdField = idField.brand<'DepartmentId'>();
export const positionIdField = idField.brand<'PositionId'>();
export const roleIdField = idField.brand<'RoleId'>();
export const userIdField = idField.brand<'UserId'>();
export const menuIdField = idField.brand<'MenuId'>();
export const requesterIdField = idField.brand<'RequesterId'>();

export type CompanyId = z.output<typeof companyIdField>;
export type StaffId = z.output<typeof staffIdField>;
export type WorkOrderId = z.output<typeof workOrderIdField>;
export type ApplicationId = z.output<typeof applicationIdField>;
export type TemplateId = z.output<typeof templateIdField>;
export type CategoryId = z.output<typeof categoryIdField>;
export type DepartmentId = z.output<typeof departmentIdField>;
export type PositionId = z.output<typeof positionIdField>;
export type RoleId = z.output<typeof roleIdField>;
export type UserId = z.output<typeof userIdField>;
export type MenuId = z.output<typeof menuIdField>;
export type RequesterId = z.output<typeof requesterIdField>;

/** A branded id back to the plain number a client sends (elements of arrays too). */
export type Unbranded<T> = T extends number & z.core.$brand ? number : T extends readonly (infer E)[] ? Unbranded<E>[] : T;
