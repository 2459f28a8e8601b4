/**
 * The staff screen's row actions that ask first and say what follows: enable or disable
 * (a disabled member can no longer work in the company), reset the password (the new one
 * is shown once and must be changed at the next sign-in), an invitation link (with which
 * a new member chooses username and password; the server says when the account is
 * already its owner's) and remove (their orders and log entries keep their name; the
 * server refuses while they handle orders).
 */
import { useTranslation } from 'react-i18next';
import type { StaffRow } from '@swo/contract';
import { call } from '../../app/api.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { showPasswordOnce } from '../../components/passwordOnce.tsx';
import { showInvitation } from './invitationDialog.tsx';

export function useStaffActions(refresh: () => void) {
  const { t } = useTranslation();

  const toggle = (s: StaffRow) => {
    const enable = s.status !== 1;
    confirmAction({
      title: t(enable ? 'org.enableTitle' : 'org.disableTitle', { name: s.name }),
      content: t(enable ? 'staff.enableContent' : 'staff.disableContent'),
      okText: t(enable ? 'org.actions.enable' : 'org.actions.disable'),
      danger: !enable,
      run: () => call('staffUpdate', { id: s.id, status: enable ? 1 : 0 }),
      done: t(enable ? 'org.enabledDone' : 'org.disabledDone'),
      onDone: refresh,
    });
  };

  const resetPassword = (s: StaffRow) =>
    confirmAction({
      title: t('staff.password.resetTitle', { name: s.name }),
      content: t('staff.password.resetContent', { username: s.username }),
      okText: t('staff.resetPassword'),
      danger: true,
      run: async () => {
        const { password } = await call('staffResetPassword', { id: s.id });
        showPasswordOnce({ title: t('staff.password.resetDone'), username: s.username, password });
      },
      done: t('staff.password.resetDone'),
      onDone: refresh,
    });

  const invite = async (s: StaffRow) => {
    // A refusal (409: already the owner's, or no phone or e-mail) is shown by the HTTP client.
    const made = await call('staffInvite', { id: s.id }).catch(() => null);
    if (made) showInvitation({ name: s.name, url: `${window.location.origin}${made.path}`, expiresAt: made.expires_at });
  };

  const remove = (s: StaffRow) =>
    confirmAction({
      title: t('staff.removeTitle', { name: s.name }),
      content: t('staff.removeContent'),
      okText: t('staff.remove'),
      danger: true,
      run: () => call('staffDelete', { id: s.id }),
      done: t('staff.removed'),
      onDone: refresh,
    });

  return { toggle, resetPassword, invite, remove };
}
