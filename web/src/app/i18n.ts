/**
 * i18n: i18next + react-i18next with zh-CN (default) and zh-TW, en-US, pt-BR loaded on
 * demand, with their antd and dayjs locales. Of zh-CN the first load carries only what the
 * login page shows (`virtual:first-messages`, vite.config.ts); `loadMessages` brings the
 * whole bundle (with the requester portal's), which every other page waits for (lazyPage.ts). Changing the language persists
 * `lang`, sets `<html lang>` and the dayjs locale (docs/product.md, section 4); antd's
 * locale follows through `antdLocale()`. dayjs is not part of the first load (the login page
 * shows no date; docs/design.md, "Login page weight"): its locale is set as it loads, and
 * the pages that show dates wait for that with the messages (`loadMessages`).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type dayjsFn from 'dayjs';
import antdZhCN from 'antd/es/locale/zh_CN';
import zhCNFirst from 'virtual:first-messages';
import { getItem, setItem, STORAGE_KEYS } from './storage.ts';

export type Lang = 'zh-CN' | 'zh-TW' | 'en-US' | 'pt-BR';

export const DEFAULT_LANG: Lang = 'zh-CN';

/** Supported languages with their labels as the selector shows them (docs/product.md, section 1). */
export const LANGUAGES: { code: Lang; label: string; dayjs: string }[] = [
  { code: 'zh-CN', label: '简体中文', dayjs: 'zh-cn' },
  { code: 'zh-TW', label: '繁體中文', dayjs: 'zh-tw' },
  { code: 'en-US', label: 'English', dayjs: 'en' },
  { code: 'pt-BR', label: 'Português', dayjs: 'pt-br' },
];

/** antd's locale of each language loaded so far (zh-CN is bundled). */
const antdLocales: Partial<Record<Lang, Locale>> = { 'zh-CN': antdZhCN };

/** antd's and dayjs's locales of the other languages, loaded with their messages (dayjs has `en` built in). */
const libraryLocales: Record<Exclude<Lang, 'zh-CN'>, () => Promise<Locale>> = {
  'zh-TW': async () => (await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]))[0].default,
  'en-US': async () => (await import('antd/es/locale/en_US')).default,
  'pt-BR': async () => (await Promise.all([import('antd/es/locale/pt_BR'), import('dayjs/locale/pt-br')]))[0].default,
};

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*.json');
/** The requester portal's messages (top-level key 'portal'), merged into the same bundle. */
const portalLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/portal/*.json');

function isLang(x: unknown): x is Lang {
  return LANGUAGES.some((l) => l.code === x);
}

/** The language stored in local storage, or the default. */
export function storedLang(): Lang {
  const v = getItem<unknown>(STORAGE_KEYS.lang, DEFAULT_LANG);
  return isLang(v) ? v : DEFAULT_LANG;
}

/** The messages of a language (with the portal's). */
async function messagesOf(lang: Lang): Promise<Record<string, unknown>> {
  const [mod, portal] = await Promise.all([loaders[`../locales/${lang}.json`](), portalLoaders[`../locales/portal/${lang}.json`]?.()]);
  return { ...mod.default, ...portal?.default };
}

let zhCNWhole: Promise<void> | null = null;

/** The dayjs locale of the current language; dayjs itself once a page that shows dates asked for it. */
let dayjsCode = 'zh-cn';
let dayjsLoaded: Promise<typeof dayjsFn> | null = null;

/** The locale last set on dayjs, with the promise that sets it: pages asking again wait on it. */
let dayjsSet: { code: string; done: Promise<void> } | null = null;

/**
 * Loads dayjs (once) and sets the current language's locale, once per language chosen;
 * zh-TW's and pt-BR's locale modules come with libraryLocales.
 */
function dayjsWithLocale(): Promise<void> {
  const code = dayjsCode;
  if (dayjsSet?.code === code) return dayjsSet.done;
  // dayjs is CommonJS: the bundle's interop gives it as the default export.
  dayjsLoaded ??= import('dayjs').then((m) => (m as unknown as { default: typeof dayjsFn }).default);
  // The language chosen last wins, whichever load ends last.
  const done = Promise.all([dayjsLoaded, code === 'zh-cn' ? import('dayjs/locale/zh-cn') : null]).then(([dayjs]) => void dayjs.locale(dayjsCode));
  dayjsSet = { code, done };
  return done;
}

/**
 * Loads the whole zh-CN bundle (the default language and everyone's fallback) once, the
 * first load having only the login page's share, and waits for dayjs's locale.
 */
export function loadMessages(): Promise<void> {
  zhCNWhole ??= messagesOf('zh-CN').then((all) => void i18n.addResourceBundle('zh-CN', 'translation', all, true, true));
  return Promise.all([zhCNWhole, dayjsWithLocale()]).then(() => undefined);
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (lang === 'zh-CN' || (i18n.hasResourceBundle(lang, 'translation') && antdLocales[lang])) return;
  const [messages, antd] = await Promise.all([messagesOf(lang), libraryLocales[lang]()]);
  antdLocales[lang] = antd;
  i18n.addResourceBundle(lang, 'translation', messages, true, true);
}

function applySideEffects(lang: Lang): void {
  document.documentElement.lang = lang;
}

/** Initialises i18next with the stored language (its messages loaded first). */
export async function initI18n(): Promise<void> {
  const lang = storedLang();
  await i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCNFirst } },
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await setLang(lang, false);
}

/** Switches the language, loading its messages on demand; persists it unless told not to. */
export async function setLang(lang: Lang, persist = true): Promise<void> {
  await ensureLoaded(lang);
  dayjsCode = (LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0]).dayjs;
  // Pages on screen re-render with the new language: their dates follow at once.
  if (dayjsLoaded) await dayjsWithLocale();
  await i18n.changeLanguage(lang);
  applySideEffects(lang);
  if (persist) setItem(STORAGE_KEYS.lang, lang);
}

/** antd locale object of a language. */
export function antdLocale(lang: string): Locale {
  return antdLocales[lang as Lang] ?? antdZhCN;
}

/** Translates a menu title key; unknown keys are shown as they are (docs/product.md, section 2). */
export function translateTitle(key: string | undefined, lng?: string): string {
  if (!key) return '';
  return i18n.exists(key, { lng }) ? i18n.t(key, { lng }) : key;
}

export default i18n;
