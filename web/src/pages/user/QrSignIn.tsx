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
  const renew = useCallback(() => {
    // Dropping the ticket ends the old code's polling at once.
    setTicket(null);
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

  // One polling loop per ticket: each answer schedules the next check while the code is open
  // (a failed check is tried again; the ticket's own expiry ends it).
  useEffect(() => {
    if (!ticket) return;
    let stopped = false;
    let timer = 0;
    const schedule = () => {
      timer = window.setTimeout(() => {
        call('qrCheck', { poll_token: ticket.poll_token }, { silent: true }).then(
          async (r) => {
            if (stopped) return;
            if (r.status === 'approved' && r.login) {
              const pending = await useSession.getState().accept(r.login);
              if (pending) onChallenge(pending);
              return;
            }
            setStatus(r.status);
            if (OPEN.includes(r.status)) schedule();
          },
          () => !stopped && schedule(),
        );
      }, POLL_MS);
    };
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [ticket, onChallenge]);

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
