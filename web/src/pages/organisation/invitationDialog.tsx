/**
 * Shows a member's new invitation link (docs/design.md, "Invitations") with a copy button and
 * when it runs out: single use, 7 days, and any newer link replaces it. The link is shown
 * only here; the server keeps its hash.
 */
import { Alert, Typography } from 'antd';
import i18n from 'i18next';
import { feedback } from '../../app/feedback.tsx';
import { formatTime } from '../../app/format.ts';

export function showInvitation({ name, url, expiresAt }: { name: string; url: string; expiresAt: string }): void {
  const t = i18n.t.bind(i18n);
  feedback.modal.success({
    title: t('staff.invite.doneTitle', { name }),
    width: 560,
    okText: t('passwordOnce.done'),
    content: (
      <div data-testid="invitation-link">
        <Typography.Paragraph>{t('staff.invite.howTo')}</Typography.Paragraph>
        <Typography.Paragraph
          code
          copyable={{ text: url, tooltips: [t('buttons.copy'), t('buttons.copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="invitation-url"
        >
          {url}
        </Typography.Paragraph>
        <Alert type="info" showIcon message={t('staff.invite.validUntil', { time: formatTime(expiresAt) })} />
      </div>
    ),
  });
}
