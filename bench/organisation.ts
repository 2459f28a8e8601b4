/**
 * The organisation part of `npm run bench` (issue "Organisation and access"): a company
 * of 10,000 staff in a 1,000-department tree, then, through the app beside the company
 * scope in the same run, the work-order list under the `department` and `own` data scopes,
 * `Staff/list` filtered by a department with its descendants, and `orglist`.
 * Targets: list p95 <= 20 ms in every scope, Staff/list p95 <= 20 ms, orglist p95 <= 30 ms.
 */
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { row, time, type Timing } from './stats.ts';

const DEPARTMENTS = Number(process.env.BENCH_DEPARTMENTS || 1_000);
const STAFF = Number(process.env.BENCH_STAFF || 10_000);

interface Ctx {
  app: FastifyInstance;
  raw: Database.Database;
  company: number;
  samples: number;
  /** Signs in a demo user and returns the token. */
  login: (username: string) => Promise<string>;
}

/** Builds the organisation straight in the database (a fixture, not app behaviour). */
function populate(raw: Database.Database, company: number) {
  const anchor = raw.prepare("select id from departments where company_id = ? and name = '工程维修部'").get(company) as { id: number };
  const hash = (raw.prepare("select password_hash from users where username = 'admin'").get() as { password_hash: string }).password_hash;
  const handlerRole = (raw.prepare("select id from roles where company_id = ? and name = '处理人'").get(company) as { id: number }).id;
  const positions = (raw.prepare('select id from positions where company_id = ?').all(company) as { id: number }[]).map((p) => p.id);
  const apps = (raw.prepare('select id from applications where company_id = ?').all(company) as { id: number }[]).map((a) => a.id);
  const at = new Date().toISOString();
  const depts: number[] = [anchor.id];
  const insDept = raw.prepare('insert into departments (company_id, parent_id, name, sort, status, created_at) values (?, ?, ?, ?, 1, ?)');
  const insUser = raw.prepare(
    "insert into users (username, password_hash, nickname, phone, email, avatar, status, is_platform_admin, created_at, updated_at) values (?, ?, ?, '', '', '', 1, 0, ?, ?)",
  );
  const insStaff = raw.prepare(
    'insert into staff (company_id, user_id, name, job_number, department_id, position_id, role_id, status, created_at) values (?, ?, ?, ?, ?, ?, ?, 1, ?)',
  );
  const bind = raw.prepare('insert into application_staff (company_id, application_id, staff_id) values (?, ?, ?)');
  raw.transaction(() => {
    for (let i = 0; i < DEPARTMENTS; i++) {
      // Parents among the earlier departments: a tree some ten levels deep.
      const parent = depts[Math.floor((i * 2654435761) % depts.length)];
      depts.push(Number(insDept.run(company, parent, `基准部门${i}`, i, at).lastInsertRowid));
    }
    for (let i = 0; i < STAFF; i++) {
      const user = Number(insUser.run(`bench.staff${i}`, hash, `员工${i}`, at, at).lastInsertRowid);
      const staff = Number(
        insStaff.run(
          company,
          user,
          `员工${i}`,
          `B${String(i).padStart(6, '0')}`,
          depts[1 + (i % DEPARTMENTS)],
          positions[i % positions.length],
          handlerRole,
          at,
        ).lastInsertRowid,
      );
      // Bound to one application only: the department scope then narrows (all of them would be the company scope).
      if (i % 10 === 0) bind.run(company, apps[0], staff);
    }
  })();
  return { anchor: anchor.id };
}

/** A role with the list rights and `scope`, given to the demo user `username`. */
function scopedRole(raw: Database.Database, company: number, username: string, scope: 'department' | 'own') {
  const at = new Date().toISOString();
  const role = Number(
    raw
      .prepare("insert into roles (company_id, name, description, is_admin, data_scope, status, created_at) values (?, ?, '', 0, ?, 1, ?)")
      .run(company, `基准-${scope}`, scope, at).lastInsertRowid,
  );
  const menu = (raw.prepare("select id from menus where key = 'workorder'").get() as { id: number }).id;
  for (const action of ['query', 'get'])
    raw.prepare('insert into role_grants (company_id, role_id, menu_id, action) values (?, ?, ?, ?)').run(company, role, menu, action);
  raw.prepare('update staff set role_id = ? where company_id = ? and user_id = (select id from users where username = ?)').run(role, company, username);
}

export async function organisationBench(c: Ctx): Promise<string[]> {
  const t0 = Date.now();
  const { anchor } = populate(c.raw, c.company);
  // 杨敏 leads 工程维修部, above the generated tree; 张伟 handles a share of the orders.
  scopedRole(c.raw, c.company, 'yangmin', 'department');
  scopedRole(c.raw, c.company, 'zhangwei', 'own');
  c.raw.exec('analyze');
  const setup = `${DEPARTMENTS.toLocaleString()} departments and ${STAFF.toLocaleString()} staff made in ${((Date.now() - t0) / 1000).toFixed(1)} s`;

  const tokens = { company: await c.login('admin'), department: await c.login('yangmin'), own: await c.login('zhangwei') };
  const get = async (url: string, token: string) => {
    const r = await c.app.inject({ method: 'GET', url, headers: { token } });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.body.slice(0, 300)}`);
    return r;
  };
  const page = (i: number) => 1 + (Math.abs(i) % 5);
  const list = (token: string) => (i: number) => get(`/index.php/admin/Workorder/list?company_id=${c.company}&pageNo=${page(i)}&pageSize=20`, token);
  const out: string[] = [setup];
  const measured: [string, Timing, string][] = [];
  measured.push(['Workorder/list, company scope (pages 1-5)', await time(c.samples, list(tokens.company)), 'p95<=20ms']);
  measured.push(['Workorder/list, department scope', await time(c.samples, list(tokens.department)), 'p95<=20ms']);
  measured.push(['Workorder/list, own scope', await time(c.samples, list(tokens.own)), 'p95<=20ms']);
  const tab = (token: string) => (i: number) =>
    get(`/index.php/admin/Workorder/list?company_id=${c.company}&status=${i % 2 ? 'processing' : 'completed'}&pageNo=${page(i)}&pageSize=20`, token);
  measured.push(['Workorder/list, department scope, status tab', await time(c.samples, tab(tokens.department)), 'p95<=20ms']);
  measured.push(['Workorder/list, own scope, status tab', await time(c.samples, tab(tokens.own)), 'p95<=20ms']);
  measured.push([
    'Work/pendingNumber, department scope',
    await time(c.samples, () => get(`/index.php/admin/Work/pendingNumber?company_id=${c.company}`, tokens.department)),
    'p95<=20ms',
  ]);
  measured.push([
    'Staff/list, department + descendants',
    await time(c.samples, (i) =>
      get(`/index.php/admin/Staff/list?company_id=${c.company}&department_id=${anchor}&pageNo=${page(i)}&pageSize=20`, tokens.company),
    ),
    'p95<=20ms',
  ]);
  measured.push([
    'Org_Level/orglist (1,000+ departments)',
    await time(c.samples, () => get(`/index.php/admin/Org_Level/orglist?company_id=${c.company}`, tokens.company)),
    'p95<=30ms',
  ]);
  for (const [name, t, target] of measured) out.push(row(name, t, null, target));
  return out;
}
