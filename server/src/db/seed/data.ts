/**
 * The demo organisations: a property-management company and an IT-services company,
 * with departments, positions, roles, staff, categories, templates and applications.
 * Texts are Chinese, as the product's users write them.
 */
import type { ActionKey, FormTemplate } from '@swo/contract';
import { f, template } from './fields.ts';

export const DEMO_PASSWORD = 'SmartWO#2026';

export interface RoleSeed {
  name: string;
  description: string;
  isAdmin?: boolean;
  grants: Partial<Record<string, ActionKey[]>>;
}

export const ROLES: RoleSeed[] = [
  { name: '管理员', description: '公司管理员，拥有全部权限', isAdmin: true, grants: {} },
  {
    name: '调度员',
    description: '受理工单并指派给处理人',
    grants: { dashboard: ['query'], workorder: ['query', 'get', 'add', 'zhipai', 'cancelorder', 'export'], myorders: ['query'], application: ['query', 'get'] },
  },
  { name: '处理人', description: '认领并处理工单', grants: { workorder: ['query', 'get', 'renling'], myorders: ['query'] } },
  { name: '审核员', description: '审核已完成的工单', grants: { dashboard: ['query'], workorder: ['query', 'get', 'examine'], myorders: ['query'] } },
  { name: '普通员工', description: '只能查看工单', grants: { workorder: ['query', 'get'] } },
  {
    name: '人事专员',
    description: '维护部门、岗位与员工',
    grants: {
      department: ['query', 'get', 'add', 'edit', 'delete', 'enable', 'disable'],
      position: ['query', 'get', 'add', 'edit', 'delete', 'enable', 'disable'],
    },
  },
];

export interface StaffSeed {
  username: string;
  name: string;
  role: string;
  dept: string;
  position: string;
  phone: string;
  /** Application names this person handles. */
  apps?: string[];
}

export interface TemplateSeed {
  name: string;
  description: string;
  schema: FormTemplate;
  automatic?: boolean;
  review?: boolean;
}

export interface CompanySeed {
  name: string;
  departments: [string, string[]][];
  positions: string[];
  categories: string[];
  templates: TemplateSeed[];
  applications: { name: string; description: string; template: string; category: string }[];
  staff: StaffSeed[];
  /** Sample values per template field model, drawn from for demo orders. */
  samples: Record<string, Record<string, unknown[]>>;
}

const repairTemplate = template([
  f.input('报修位置', 'location', true, undefined, '如：3栋2单元1502'),
  f.select('报修类型', 'repair_type', ['水电', '门窗', '电梯', '公共设施', '其他'], true),
  f.textarea('问题描述', 'description', true),
  f.radio('紧急程度', 'urgency', ['一般', '紧急', '非常紧急'], true),
  f.date('期望上门日期', 'visit_date'),
  f.checkbox('方便联系时段', 'contact_time', ['上午', '下午', '晚上']),
  f.switch('需要入户', 'need_entry'),
]);

const complaintTemplate = template([
  f.select('投诉对象', 'target', ['物业服务', '保洁', '安保', '绿化', '其他'], true),
  f.input('标题', 'subject', true),
  f.textarea('详细内容', 'content', true, 1000),
  f.date('发生日期', 'happened_on'),
  f.number('满意度评分', 'score', 1, 5),
  f.switch('匿名反馈', 'anonymous'),
]);

const accessCardTemplate = template([
  f.input('楼栋房号', 'room', true, ['^\\d{1,2}栋\\d{1,2}单元\\d{3,4}$', '请按“3栋2单元1502”的格式填写']),
  f.radio('办理类型', 'kind', ['新办', '补办', '注销'], true),
  f.select('住户身份', 'identity', ['业主', '租户', '家属'], true),
  f.number('办理数量', 'quantity', 1, 5, true),
  f.date('期望领取日期', 'pickup_date'),
  f.textarea('备注', 'remark'),
]);

const itTemplate = template([
  f.select('问题类型', 'issue_type', ['电脑', '打印机', '网络', '邮箱', '软件', '账号'], true),
  f.input('资产编号', 'asset_no', false, ['^[A-Z]{2}\\d{6}$', '资产编号为两位大写字母加六位数字，如 PC001234']),
  f.textarea('问题描述', 'description', true),
  f.radio('影响范围', 'scope', ['个人', '部门', '全公司'], true),
  f.date('发生日期', 'happened_on'),
  f.number('联系分机', 'extension', 1000, 9999),
  f.switch('影响业务', 'blocking'),
]);

const accountTemplate = template([
  f.checkbox('申请系统', 'systems', ['OA', 'ERP', 'CRM', '邮箱', 'VPN'], true),
  f.radio('权限级别', 'level', ['只读', '读写', '管理员'], true),
  f.textarea('申请理由', 'reason', true),
  f.date('生效日期', 'effective_on', true),
  f.number('有效期（天）', 'days', 1, 365, true),
]);

export const COMPANIES: CompanySeed[] = [
  {
    name: '安居物业服务有限公司',
    departments: [
      ['总经理办公室', []],
      ['客户服务部', ['客服一组', '客服二组']],
      ['工程维修部', ['水电班', '土建班']],
      ['安保部', []],
      ['保洁绿化部', []],
    ],
    positions: ['总经理', '客服主管', '客服专员', '维修主管', '维修工程师', '安保队长', '保洁主管'],
    categories: ['报事报修', '投诉建议', '门禁服务', '安全巡查'],
    templates: [
      { name: '报事报修', description: '业主报修公共设施或户内问题', schema: repairTemplate, review: true },
      { name: '投诉建议', description: '业主对物业服务的投诉与建议', schema: complaintTemplate },
      { name: '门禁卡办理', description: '新办、补办或注销门禁卡', schema: accessCardTemplate, automatic: true },
    ],
    applications: [
      { name: '业主报修', description: '小区业主在线报修，维修人员上门处理', template: '报事报修', category: '报事报修' },
      { name: '投诉与建议', description: '对物业服务的投诉与建议', template: '投诉建议', category: '投诉建议' },
      { name: '门禁卡办理', description: '门禁卡新办、补办与注销', template: '门禁卡办理', category: '门禁服务' },
    ],
    staff: [
      { username: 'admin', name: '系统管理员', role: '管理员', dept: '总经理办公室', position: '总经理', phone: '13800000001' },
      { username: 'super', name: '平台管理员', role: '管理员', dept: '总经理办公室', position: '总经理', phone: '13800000002' },
      { username: 'wangfang', name: '王芳', role: '调度员', dept: '客户服务部', position: '客服主管', phone: '13811110001' },
      { username: 'huangyan', name: '黄艳', role: '调度员', dept: '客服一组', position: '客服专员', phone: '13811110002' },
      { username: 'zhangwei', name: '张伟', role: '处理人', dept: '水电班', position: '维修工程师', phone: '13811110003', apps: ['业主报修'] },
      { username: 'liuqiang', name: '刘强', role: '处理人', dept: '土建班', position: '维修工程师', phone: '13811110004', apps: ['业主报修'] },
      { username: 'chenjing', name: '陈静', role: '处理人', dept: '客服二组', position: '客服专员', phone: '13811110005', apps: ['投诉与建议', '门禁卡办理'] },
      { username: 'zhaolei', name: '赵磊', role: '处理人', dept: '安保部', position: '安保队长', phone: '13811110006', apps: ['门禁卡办理', '投诉与建议'] },
      { username: 'sunli', name: '孙丽', role: '处理人', dept: '保洁绿化部', position: '保洁主管', phone: '13811110007', apps: ['投诉与建议'] },
      { username: 'yangmin', name: '杨敏', role: '审核员', dept: '工程维修部', position: '维修主管', phone: '13811110008' },
      { username: 'wuhao', name: '吴昊', role: '普通员工', dept: '客服一组', position: '客服专员', phone: '13811110009' },
    ],
    samples: {
      报事报修: {
        location: ['3栋2单元1502', '7栋1单元802', '地下车库B区', '12栋大堂', '5栋3单元2101', '小区东门岗亭'],
        repair_type: ['1', '2', '3', '4', '5'],
        description: [
          '厨房水龙头持续滴水，关紧后仍然漏水',
          '卫生间地漏反味，下水很慢',
          '入户门锁芯卡住，钥匙拧不动',
          '电梯运行时有异响，楼层按钮失灵',
          '楼道声控灯不亮，晚上出行不便',
          '客厅插座没电，空气开关正常',
          '阳台推拉窗滑轮损坏，关不严',
        ],
        urgency: ['1', '1', '2', '3'],
        contact_time: [['1'], ['2', '3'], ['3']],
        need_entry: [true, false],
      },
      投诉建议: {
        target: ['1', '2', '3', '4', '5'],
        subject: ['夜间装修噪音扰民', '垃圾清运不及时', '小区绿化带需要修剪', '快递柜旁堆放杂物', '建议增加儿童游乐设施', '门岗人员态度不佳'],
        content: [
          '连续几天晚上十点以后还有电钻声，影响休息，希望物业出面协调。',
          '3号垃圾站已经两天没有清运，气味很大，请尽快处理。',
          '东侧绿化带杂草较多，夏天蚊虫滋生，建议尽快修剪。',
          '希望在中心花园增加一些儿童游乐设施和休息座椅。',
        ],
        score: [2, 3, 4],
        anonymous: [false, true],
      },
      门禁卡办理: {
        room: ['3栋2单元1502', '8栋1单元601', '11栋2单元1203', '2栋1单元302'],
        kind: ['1', '2', '3'],
        identity: ['1', '2', '3'],
        quantity: [1, 2, 3],
        remark: ['家里老人需要一张', '原卡丢失，需要补办', '租约到期，注销原卡'],
      },
    },
  },
  {
    name: '云帆信息技术有限公司',
    departments: [
      ['总经办', []],
      ['技术服务中心', ['桌面运维组', '网络组', '系统组']],
      ['客户成功部', []],
      ['质量管理部', []],
    ],
    positions: ['总经理', '服务经理', '运维工程师', '网络工程师', '系统工程师', '质量专员'],
    categories: ['硬件故障', '软件问题', '网络故障', '账号权限'],
    templates: [
      { name: 'IT服务请求', description: '电脑、打印机、网络与软件问题', schema: itTemplate, review: true },
      { name: '账号权限申请', description: '业务系统账号与权限开通', schema: accountTemplate, automatic: true },
    ],
    applications: [
      { name: 'IT服务台', description: '员工提交 IT 故障与服务请求', template: 'IT服务请求', category: '软件问题' },
      { name: '账号权限申请', description: '开通或变更业务系统权限', template: '账号权限申请', category: '账号权限' },
    ],
    staff: [
      { username: 'admin', name: '系统管理员', role: '管理员', dept: '总经办', position: '总经理', phone: '13800000001' },
      { username: 'super', name: '平台管理员', role: '管理员', dept: '总经办', position: '总经理', phone: '13800000002' },
      { username: 'qianlei', name: '钱磊', role: '调度员', dept: '技术服务中心', position: '服务经理', phone: '13922220001' },
      { username: 'hejing', name: '何静', role: '调度员', dept: '客户成功部', position: '服务经理', phone: '13922220002' },
      { username: 'machao', name: '马超', role: '处理人', dept: '桌面运维组', position: '运维工程师', phone: '13922220003', apps: ['IT服务台'] },
      { username: 'linfeng', name: '林峰', role: '处理人', dept: '网络组', position: '网络工程师', phone: '13922220004', apps: ['IT服务台'] },
      { username: 'guoqian', name: '郭倩', role: '处理人', dept: '系统组', position: '系统工程师', phone: '13922220005', apps: ['账号权限申请', 'IT服务台'] },
      { username: 'xutao', name: '徐涛', role: '处理人', dept: '系统组', position: '系统工程师', phone: '13922220006', apps: ['账号权限申请'] },
      { username: 'songjia', name: '宋佳', role: '审核员', dept: '质量管理部', position: '质量专员', phone: '13922220007' },
      { username: 'tangmin', name: '唐敏', role: '普通员工', dept: '客户成功部', position: '服务经理', phone: '13922220008' },
    ],
    samples: {
      IT服务请求: {
        issue_type: ['1', '2', '3', '4', '5', '6'],
        asset_no: ['PC001234', 'PC002381', 'PR000017', 'NB004410'],
        description: [
          '电脑开机后蓝屏，提示 CRITICAL_PROCESS_DIED',
          '三楼打印机卡纸，清理后仍然报错',
          '会议室 Wi-Fi 经常断线，视频会议无法进行',
          'Outlook 无法收取邮件，一直提示输入密码',
          '需要安装 Visio 专业版用于流程设计',
          'VPN 连接后无法访问内网文件服务器',
        ],
        scope: ['1', '1', '2', '3'],
        extension: [8021, 8134, 8260, 8305],
        blocking: [true, false, false],
      },
      账号权限申请: {
        systems: [['1'], ['2', '3'], ['4'], ['5', '1']],
        level: ['1', '2', '2', '3'],
        reason: ['新入职员工开通办公系统', '调岗到销售部，需要 CRM 读写权限', '出差期间需要远程办公', '负责月度结账，需要 ERP 财务模块'],
        days: [30, 90, 180, 365],
      },
    },
  },
];

export const REQUESTERS = [
  ['陈先生', '13612345678'],
  ['刘女士', '13798765432'],
  ['张建国', '15011112222'],
  ['李秀英', '18633334444'],
  ['王磊', '13555556666'],
  ['赵敏', '13977778888'],
  ['周晓燕', '15899990000'],
  ['吴志强', '18712121212'],
  ['郑丽娟', '13045456767'],
  ['孙浩然', '17788889999'],
] as const;

export const NOTES = {
  complete: ['已上门处理完毕，业主确认正常', '已更换配件并测试通过', '问题已解决，已电话回访', '已按要求开通，用户确认可以登录'],
  reject: ['信息不完整，请补充具体位置后重新提交', '该问题不属于物业服务范围，请联系供电公司', '请提供资产编号后重新提交'],
  cancel: ['业主来电取消', '重复提交的工单', '问题已自行解决'],
  examineFail: ['处理结果未附照片，请补充后再提交审核'],
} as const;
