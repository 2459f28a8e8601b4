/**
 * "Other sign-in methods" of the login page: a QR code for a phone that is already signed in
 * (docs/design.md, "Sign-in by QR code"). It shows a ticket valid 2 minutes and polls every
 * 2 s with this browser's own poll token: scanned, approved (the session is taken as a
 * sign-in's, or the second step follows), denied, expired or used are shown on the code; a new code is one click away.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, QRCode, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { QrStatus, TwoFactorRequired } from '@swo/contract';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';

const POLL_MS = 2000;
type Ticket = Awaited<ReturnType<typeof createTicket>>;
const createTicket = () => call('qrCreate', {}, { silent: true });
const OPEN: QrStatus[] = ['waiting', 'scanned'];

export default function QrSignIn({ onBack, onChallenge }: { onBack: () => void; onChallenge: (c: TwoFactorRequired) => void }) {
  const { t } = useTranslation();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [status, setStatus] = useState<QrStatus | 'loading' | 'failed'>('loading');
  // Bumped after every poll, so the next one is scheduled although the status stayed the same.
  const [polls, setPolls] = useState(0);

  const renew = useCallback(() => {
    setStatus('loading');
    createTicket().then(
      (next) => {
        setTicket(next);
        setStatus('waiting');
      },
      () => setStatus('failed'),
    );
  }, []);
  useEffect(renew, [renew]);

  useEffect(() => {
    if (!ticket || !OPEN.includes(status as QrStatus)) return;
    let stopped = false;
    const timer = window.setTimeout(() => {
      call('qrCheck', { poll_token: ticket.poll_token }, { silent: true }).then(
        async (r) => {
          if (stopped) return;
          if (r.status !== 'approved' || !r.login) {
            setStatus(r.status);
            setPolls((n) => n + 1);
            return;
          }
          const pending = await useSession.getState().accept(r.login);
          if (pending) onChallenge(pending);
        },
        // A failed poll is tried again (the ticket's own expiry ends it).
        () => !stopped && setPolls((n) => n + 1),
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [ticket, status, polls, onChallenge]);

  const url = ticket ? `${window.location.origin}${ticket.path}` : '';
  const closed = status === 'expired' || status === 'denied' || status === 'used' || status === 'failed';
  return (
    <div className="qr-sign-in" data-testid="qr-sign-in" data-status={status} data-url={url}>
      <Typography.Title level={5}>{t('qr.title')}</Typography.Title>
      <QRCode
        value={url || window.location.origin}
        size={200}
        status={status === 'loading' ? 'loading' : closed ? 'expired' : status === 'scanned' ? 'scanned' : 'active'}
        onRefresh={renew}
        statusRender={closed ? () => <ClosedCode label={t(`qr.status.${status}`)} onRefresh={renew} /> : undefined}
      />
      <Typography.Paragraph type="secondary" className="qr-sign-in-hint">
        {status === 'scanned' ? t('qr.scannedHint') : t('qr.hint')}
      </Typography.Paragraph>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('qr.back')}
      </Button>
    </div>
  );
}

function ClosedCode({ label, onRefresh }: { label: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="qr-closed">
      <Typography.Text>{label}</Typography.Text>
      <Button type="link" onClick={onRefresh} data-testid="qr-refresh">
        {t('qr.refresh')}
      </Button>
    </div>
  );
}
