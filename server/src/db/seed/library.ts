/** The demo's common template library: forms any company may copy (docs/design.md, "Templates"). */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { f, template } from './fields.ts';

const LIBRARY = [
  {
    name: '会议室预约',
    description: '预约会议室的日期、时段和人数',
    schema: template([
      f.input('会议主题', 'subject', true),
      f.date('会议日期', 'day', true),
      f.select('时段', 'slot', ['上午', '下午', '晚上'], true),
      f.number('参会人数', 'people', 1, 200, true),
      f.checkbox('所需设备', 'devices', ['投影仪', '视频会议', '白板', '茶歇']),
    ]),
  },
  {
    name: '访客登记',
    description: '来访人员、事由与拜访对象',
    schema: template([
      f.input('访客姓名', 'visitor', true),
      f.input('访客手机号', 'visitor_phone', true, ['^1[3-9]\\d{9}$', '请输入正确的手机号']),
      f.input('拜访对象', 'host', true),
      f.date('来访日期', 'visit_day', true),
      f.textarea('来访事由', 'purpose', false, 200),
    ]),
    automatic: true,
  },
  {
    name: '办公用品申领',
    description: '申领办公用品，主管审核后发放',
    schema: template([
      f.select('物品', 'item', ['签字笔', '笔记本', '文件夹', '打印纸', '其他'], true),
      f.number('数量', 'quantity', 1, 100, true),
      f.textarea('用途说明', 'reason', false, 200),
    ]),
    review: true,
  },
  {
    name: '设备借用',
    description: '借用笔记本电脑、相机等公共设备',
    schema: template([
      f.select('设备', 'device', ['笔记本电脑', '相机', '投影仪', '录音笔'], true),
      f.date('借用日期', 'borrow_day', true),
      f.date('归还日期', 'return_day', true),
      f.switch('需要配件', 'accessories'),
    ]),
    review: true,
  },
];

/** Adds the library's templates (version 1 each). */
export async function seedLibrary(db: Kysely<DB>, at: string): Promise<void> {
  for (const [i, t] of LIBRARY.entries()) {
    const schema = JSON.stringify(t.schema);
    const row = await db
      .insertInto('common_templates')
      .values({
        name: t.name,
        description: t.description,
        schema,
        version: 1,
        is_automatic: t.automatic ? 1 : 0,
        needs_review: t.review ? 1 : 0,
        status: 1,
        sort: i,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('common_template_versions').values({ template_id: row.id, version: 1, schema, created_at: at }).execute();
  }
}
