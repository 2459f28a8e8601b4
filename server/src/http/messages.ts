/**
 * Wording of the API's error messages in the four UI languages. The SPA sends its
 * language in the `lang` header; browsers' Accept-Language is the fallback; zh-CN is the
 * default (SPEC.md section 1).
 */
export type Lang = 'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR';

const zhCN = {
  success: '成功',
  notSignedIn: '未登录或登录已过期，请重新登录',
  forbidden: '没有权限执行此操作',
  notMember: '您不是该公司的员工',
  notFound: '记录不存在',
  orderNotFound: '工单不存在',
  appNotFound: '应用不存在或已停用',
  stateConflict: '工单状态已变化，请刷新后重试',
  notHandler: '只有当前处理人可以执行此操作',
  validation: '表单数据校验失败',
  badRequest: '请求参数错误',
  badCredentials: '账户或密码错误',
  accountDisabled: '账户已停用',
  wrongOldPassword: '原密码错误',
  tooManyLogins: '登录失败次数过多，请 {minutes} 分钟后再试',
  tooLarge: '请求内容过大',
  rateLimited: '请求过于频繁，请稍后再试',
  internal: '服务器内部错误',
  staffUnavailable: '所选员工不存在或已停用',
  alreadyHandler: '该员工已是当前处理人',
  idempotencyConflict: '相同的 Idempotency-Key 已用于另一个请求或仍在处理中',
  badFile: '文件无法读取，请上传 .xlsx 格式的 Excel 文件',
  fileTooLarge: '文件过大',
  tooManyRows: '一次最多导入 {max} 行',
  importRunning: '本公司已有一个导入在进行，请稍后再试',
  unpackedTooLarge: '文件解压后超过 {max} MB',
  noRows: '文件中没有数据行',
  badHeader: '表头与模板不符，缺少列：{columns}',
  templateGone: '表单模板不存在或已停用',
} as const;
export type MessageKey = keyof typeof zhCN;

const catalogue: Record<Lang, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'zh-TW': {
    success: '成功',
    notSignedIn: '未登入或登入已過期，請重新登入',
    forbidden: '沒有權限執行此操作',
    notMember: '您不是該公司的員工',
    notFound: '記錄不存在',
    orderNotFound: '工單不存在',
    appNotFound: '應用不存在或已停用',
    stateConflict: '工單狀態已變化，請重新整理後重試',
    notHandler: '只有目前處理人可以執行此操作',
    validation: '表單資料校驗失敗',
    badRequest: '請求參數錯誤',
    badCredentials: '帳戶或密碼錯誤',
    accountDisabled: '帳戶已停用',
    wrongOldPassword: '原密碼錯誤',
    tooManyLogins: '登入失敗次數過多，請 {minutes} 分鐘後再試',
    tooLarge: '請求內容過大',
    rateLimited: '請求過於頻繁，請稍後再試',
    internal: '伺服器內部錯誤',
    staffUnavailable: '所選員工不存在或已停用',
    alreadyHandler: '該員工已是目前處理人',
    idempotencyConflict: '相同的 Idempotency-Key 已用於另一個請求或仍在處理中',
    badFile: '檔案無法讀取，請上傳 .xlsx 格式的 Excel 檔案',
    fileTooLarge: '檔案過大',
    tooManyRows: '一次最多匯入 {max} 列',
    importRunning: '本公司已有一個匯入在進行，請稍後再試',
    unpackedTooLarge: '檔案解壓後超過 {max} MB',
    noRows: '檔案中沒有資料列',
    badHeader: '表頭與範本不符，缺少欄位：{columns}',
    templateGone: '表單範本不存在或已停用',
  },
  'en-US': {
    success: 'Success',
    notSignedIn: 'You are not signed in or your session has expired',
    forbidden: 'You have no permission for this action',
    notMember: 'You are not staff of this company',
    notFound: 'Not found',
    orderNotFound: 'Work order not found',
    appNotFound: 'Application not found or disabled',
    stateConflict: 'The work order has changed; refresh and try again',
    notHandler: 'Only the current handler can do this',
    validation: 'Form data validation failed',
    badRequest: 'Bad request',
    badCredentials: 'Invalid username or password',
    accountDisabled: 'This account is disabled',
    wrongOldPassword: 'The old password is wrong',
    tooManyLogins: 'Too many failed sign-ins; try again in {minutes} minutes',
    tooLarge: 'Request too large',
    rateLimited: 'Too many requests; try again later',
    internal: 'Internal server error',
    staffUnavailable: 'The selected staff member does not exist or is disabled',
    alreadyHandler: 'This staff member already handles the order',
    idempotencyConflict: 'This Idempotency-Key was used for another request or is still being processed',
    badFile: 'The file cannot be read; upload an .xlsx Excel file',
    fileTooLarge: 'The file is too large',
    tooManyRows: 'At most {max} rows can be imported at once',
    importRunning: 'Another import of this company is running; try again shortly',
    unpackedTooLarge: 'The file unpacks to more than {max} MB',
    noRows: 'The file has no data rows',
    badHeader: 'The header does not match the template; missing columns: {columns}',
    templateGone: 'The form template is missing or disabled',
  },
  'pt-BR': {
    success: 'Sucesso',
    notSignedIn: 'Você não está conectado ou a sessão expirou',
    forbidden: 'Você não tem permissão para esta ação',
    notMember: 'Você não é funcionário desta empresa',
    notFound: 'Não encontrado',
    orderNotFound: 'Ordem de serviço não encontrada',
    appNotFound: 'Aplicação não encontrada ou desativada',
    stateConflict: 'A ordem de serviço mudou; atualize e tente novamente',
    notHandler: 'Somente o responsável atual pode fazer isso',
    validation: 'Falha na validação dos dados do formulário',
    badRequest: 'Requisição inválida',
    badCredentials: 'Usuário ou senha inválidos',
    accountDisabled: 'Esta conta está desativada',
    wrongOldPassword: 'A senha antiga está errada',
    tooManyLogins: 'Muitas tentativas de login; tente novamente em {minutes} minutos',
    tooLarge: 'Requisição muito grande',
    rateLimited: 'Muitas requisições; tente mais tarde',
    internal: 'Erro interno do servidor',
    staffUnavailable: 'O funcionário selecionado não existe ou está desativado',
    alreadyHandler: 'Este funcionário já é o responsável pela ordem',
    idempotencyConflict: 'Esta Idempotency-Key foi usada em outra requisição ou ainda está em processamento',
    badFile: 'Não foi possível ler o arquivo; envie um arquivo Excel .xlsx',
    fileTooLarge: 'O arquivo é grande demais',
    tooManyRows: 'No máximo {max} linhas podem ser importadas de uma vez',
    importRunning: 'Outra importação desta empresa está em andamento; tente novamente em breve',
    unpackedTooLarge: 'O arquivo descompactado passa de {max} MB',
    noRows: 'O arquivo não tem linhas de dados',
    badHeader: 'O cabeçalho não corresponde ao modelo; colunas ausentes: {columns}',
    templateGone: 'O modelo de formulário não existe ou está desativado',
  },
};

/** Picks the reply language from the `lang` header, then Accept-Language. */
export function pickLang(langHeader: unknown, acceptLanguage: unknown): Lang {
  const candidates = [langHeader, acceptLanguage].filter((v): v is string => typeof v === 'string');
  for (const c of candidates) {
    const v = c.toLowerCase();
    if (v.startsWith('zh-tw') || v.startsWith('zh-hk') || v.startsWith('zh-hant')) return 'zh-TW';
    if (v.startsWith('zh')) return 'zh-CN';
    if (v.startsWith('en')) return 'en-US';
    if (v.startsWith('pt')) return 'pt-BR';
  }
  return 'zh-CN';
}

export function message(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  return catalogue[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
