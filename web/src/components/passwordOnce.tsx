/**
 * Shows a password the server generated (a new account's or member's, or a reset one)
 * once, with a copy button: it is stored nowhere readable, so the dialog says to hand it
 * over now; its owner must change it at the first sign-in. Without a password (an existing
 * account was linked) only the note shows.
 */
import { Alert, Typography } from 'antd';
import i18n from 'i18next';
import { feedback } from '../app/feedback.tsx';

export interface PasswordOnceOptions {
  title: string;
  /** Who signs in with it. */
  username: string;
  password?: string;
  /** What happened besides (e.g. an existing account was linked). */
  note?: string;
}

export function showPasswordOnce({ title, username, password, note }: PasswordOnceOptions): void {
  const t = i18n.t.bind(i18n);
  feedback.modal.success({
    title,
    width: 480,
    okText: t('passwordOnce.done'),
    content: (
      <div data-testid="one-time-password">
        {note ? <Typography.Paragraph>{note}</Typography.Paragraph> : null}
        {password ? (
          <>
            <Typography.Paragraph>
              {t('passwordOnce.account')}
              <Typography.Text strong>{username}</Typography.Text>
            </Typography.Paragraph>
            <Typography.Paragraph
              code
              copyable={{ text: password, tooltips: [t('buttons.copy'), t('buttons.copied')] }}
              style={{ fontSize: 18 }}
              data-testid="generated-password"
            >
              {password}
            </Typography.Paragraph>
            <Alert type="warning" showIcon message={t('passwordOnce.hint')} />
          </>
        ) : null}
      </div>
    ),
  });
}
