/**
 * The session store (docs/product.md, sections 3 and 4): token, name, welcome, avatar, roles and
 * info, plus the menu tree of the current company. Login stores the token and shop name
 * for 7 days and picks the first company when none is chosen yet; logout clears the token,
 * roles, the session part of local storage, the query cache and the tabs.
 */
import { create } from 'zustand';
import type { CompanyListItem, MenuItem, SignInReply, TwoFactorRequired, UserInfo } from '@swo/contract';
import * as api from './api.ts';
import { buildRoutes } from './dynamicRoutes.ts';
import { feedback } from './feedback.tsx';
import { mustChangePassword, rememberPasswordMark } from './passwordMark.ts';
import { dropQueries } from './queryScope.ts';
import { useSettings } from './settings.ts';
import { useDialogs } from '../components/dialogs.ts';
import { useTabs } from '../components/tabs.ts';
import type { AppRoute } from './routeTypes.ts';
import { clearSessionStorage, getCompanyId, getItem, getToken, SESSION_TTL_MS, setItem, STORAGE_KEYS } from './storage.ts';

export type Role = UserInfo['role'];

/** Greeting key by hour (docs/product.md, section 9). */
export function welcomeKey(hour = new Date().getHours()): string {
  if (hour < 9) return 'welcome.earlyMorning';
  if (hour <= 11) return 'welcome.morning';
  if (hour <= 13) return 'welcome.noon';
  if (hour < 20) return 'welcome.afternoon';
  return 'welcome.evening';
}

interface SessionState {
  token: string;
  name: string;
  /** Translation key of the greeting. */
  welcome: string;
  avatar: string;
  /** The role in the current company; null until the user info is loaded. */
  roles: Role | null;
  info: UserInfo['user'] | null;
  company: CompanyListItem | null;
  menus: MenuItem[];
  /** Routes built from the menu tree. */
  routes: AppRoute[];
  /** Open the company dialog (not closable) after landing: several companies, none chosen. */
  companyPrompt: boolean;
  /**
   * The server says this administrator must enrol two-factor sign-in before anything else
   * (docs/design.md, "Two-factor required for administrators"): the route guard shows only
   * the enrolment screen. Set by the sign-in reply, the user info and any refused call.
   */
  enrolRequired: boolean;
  /** Signs in; resolves with the challenge when a second step is owed, else null (signed in). */
  login: (params: api.LoginParams) => Promise<TwoFactorRequired | null>;
  /**
   * Takes a sign-in's reply (its own, a QR sign-in's, an invitation's, a second step's):
   * stores the session, or resolves with the challenge when a second step is owed.
   */
  accept: (reply: SignInReply) => Promise<TwoFactorRequired | null>;
  getInfo: () => Promise<UserInfo>;
  logout: () => Promise<void>;
  /** Forgets the session locally (no call). */
  reset: () => void;
  /**
   * Acts in another company without reloading the page (docs/design.md, "Company switch"):
   * stores the choice, forgets everything of the old company (its queries, tabs, menus and
   * notifications; the signed-in layout unmounts while the route guard waits) and loads
   * the user info, menus and permissions of the new one.
   */
  switchCompany: (companyId: number) => Promise<UserInfo>;
  setCompanyPrompt: (open: boolean) => void;
  setEnrolRequired: (owed: boolean) => void;
}

/** The user-info call in flight, shared by concurrent callers (the guard, StrictMode). */
let infoInFlight: Promise<UserInfo> | null = null;

export const useSession = create<SessionState>()((set, get) => ({
  token: getToken(),
  name: getItem<string>(STORAGE_KEYS.nickname, '') || '',
  welcome: welcomeKey(),
  avatar: '',
  roles: null,
  info: null,
  company: null,
  menus: [],
  routes: [],
  companyPrompt: false,
  enrolRequired: false,

  login: async (params) => get().accept(await api.login(params)),

  accept: async (reply) => {
    if ('two_factor_required' in reply) return reply;
    const data = reply;
    setItem(STORAGE_KEYS.token, data.token, SESSION_TTL_MS);
    setItem(STORAGE_KEYS.account, data.account);
    setItem(STORAGE_KEYS.nickname, data.nickname);
    setItem(STORAGE_KEYS.shopName, data.nickname || data.account, SESSION_TTL_MS);
    rememberPasswordMark(data.token, !!data.must_change_password);
    // The company is chosen before the token reaches the store: the route guard loads the
    // user info of the current company as soon as it sees a token.
    let prompt = false;
    try {
      const list = await api.companyList();
      setItem(STORAGE_KEYS.companyList, list);
      const chosen = getCompanyId();
      const known = list.some((c) => c.company_id === chosen);
      if (list.length > 0 && (!chosen || !known)) {
        setItem(STORAGE_KEYS.companyId, list[0].company_id);
        prompt = list.length > 1;
      }
    } finally {
      set({
        token: data.token,
        name: data.nickname || data.account,
        welcome: welcomeKey(),
        companyPrompt: prompt,
        enrolRequired: !!data.two_factor_enrol_required,
      });
    }
    // A reset (or generated) password must be changed before anything else works: the
    // server refuses every other call until then, so the dialog opens on landing (and,
    // through the stored mark, again after a reload: see loadInfo).
    if (data.must_change_password) useDialogs.getState().openPassword();
    return null;
  },

  getInfo: () => {
    infoInFlight ??= loadInfo().finally(() => {
      infoInFlight = null;
    });
    return infoInFlight;
  },

  logout: async () => {
    // Sign out locally first, so nothing (a slow or failed revoke call) can keep the user in;
    // then revoke the token on the server.
    const token = getToken();
    get().reset();
    if (token) await api.logout(token).catch(() => undefined);
  },

  reset: () => {
    clearSessionStorage();
    void dropQueries();
    useTabs.getState().clear();
    set({ token: '', roles: null, info: null, company: null, menus: [], routes: [], companyPrompt: false, enrolRequired: false });
  },

  switchCompany: async (companyId) => {
    // No roles: the route guard shows its loading state instead of the layout, so no table,
    // bell or tab of the old company stays on screen or refetches in the new one.
    set({ roles: null, info: null, company: null, menus: [], routes: [] });
    if (getCompanyId() !== companyId) setItem(STORAGE_KEYS.companyId, companyId);
    await dropQueries({ cancel: true });
    useTabs.getState().clear();
    // The awaiting-assignment reminder and any other notice spoke of the old company.
    feedback.notification.destroy();
    feedback.message.destroy();
    return get().getInfo();
  },

  setCompanyPrompt: (open) => set({ companyPrompt: open }),
  setEnrolRequired: (owed) => set({ enrolRequired: owed }),
}));

/** Loads the user info of the current company and builds the routes of its menu tree. */
async function loadInfo(): Promise<UserInfo> {
  const info = await api.userInfo();
  const permissions = info?.role?.permissions;
  if (!Array.isArray(permissions) || permissions.length === 0) {
    throw new Error('getInfo: roles must be a non-null array !');
  }
  useSession.setState({
    roles: info.role,
    info: info.user,
    company: info.company ?? null,
    menus: info.menus ?? [],
    routes: buildRoutes(info.menus ?? []),
    avatar: info.user?.avatar ?? '',
    name: info.user?.nickname || info.user?.username || '',
    enrolRequired: !!info.two_factor_enrol_required,
  });
  // The person's own theme settings follow them to every device (docs/design.md, "Account pages").
  if (info.ui_settings) useSettings.getState().restore(info.ui_settings);
  // The reply does not say the password must be changed; the sign-in did, and left a mark.
  if (mustChangePassword()) useDialogs.getState().openPassword();
  return info;
}
