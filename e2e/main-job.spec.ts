/** The main job in zh-CN (the default language). */
import { test } from '@playwright/test';
import { mainJob } from './flow.ts';

// With the animations users see (the rest of the suite asks for reduced motion).
test.use({ reducedMotion: 'no-preference' });

test('requester submits, admin signs in, switches company, claims and completes (zh-CN)', async ({ page, request }) => {
  await mainJob(page, request, {
    langLabel: '',
    shotSuffix: '',
    submit: /提\s?交/,
    requesterNameRequired: '请输入您的姓名',
    submitted: '提交成功',
    contact: '联系方式',
    loginTitle: 'smart work order',
    signIn: /^登\s?录$/,
    companyTitle: '切换公司',
    companyPlaceholder: '请选择登录公司',
    close: /^关\s?闭$/,
    confirm: /^确\s?认$/,
    reminder: (n) => `您有 ${n} 个工单待指派`,
    reminderDescription: '请及时指派！',
    switchCompany: '切换公司',
    listMenu: '工单列表',
    search: /^搜\s?索$/,
    claim: /^认\s?领$/,
    complete: /^完\s?成$/,
    completeOk: /^完\s?成$/,
    status: { unassigned: '待指派', processing: '处理中', completed: '已完成', pending_review: '待审核' },
    actions: { create: '创建了工单', claim: '认领了工单', complete: '完成了处理' },
    formData: '表单内容',
    records: '处理记录',
  });
});
