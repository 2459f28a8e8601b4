/**
 * An application's public form link: the URL with a copy button, its QR code (downloadable
 * as a PNG, for posters in the lobby) and the key rotation. Rotating asks first and says the
 * consequence: the old link and printed codes stop working at once.
 */
import { useRef } from 'react';
import { Alert, Button, Modal, QRCode, Space, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '@swo/contract';
import { call } from '../../app/api.ts';
import { confirmAction } from '../../components/confirmAction.ts';
import { publicLink } from './publicLink.ts';

export interface ApplicationLinkProps {
  app: ApplicationItem | null;
  /** Whether the caller may rotate the key (`application.edit`). */
  canRotate: boolean;
  onClose: () => void;
  /** After a rotation: the list reloads and the dialog shows the new key. */
  onRotated: (app: ApplicationItem) => void;
}

export default function ApplicationLink({ app, canRotate, onClose, onRotated }: ApplicationLinkProps) {
  const { t } = useTranslation();
  const qr = useRef<HTMLDivElement>(null);
  const url = app ? `${window.location.origin}${publicLink(app.app_key)}` : '';

  const download = () => {
    const canvas = qr.current?.querySelector('canvas');
    if (!canvas || !app) return;
    const a = document.createElement('a');
    a.href = canvas.toDataURL('image/png');
    a.download = `${app.name}.png`;
    a.click();
  };

  const rotate = () => {
    if (!app) return;
    confirmAction({
      title: t('application.link.rotateTitle', { name: app.name }),
      content: t('application.link.rotateContent'),
      okText: t('application.link.rotate'),
      danger: true,
      run: async () => onRotated(await call('applicationUpdate', { id: app.id, reset_key: true })),
      done: t('application.link.rotated'),
      onDone: () => undefined,
    });
  };

  return (
    <Modal title={t('application.link.title', { name: app?.name ?? '' })} open={!!app} onCancel={onClose} footer={null} width={520} destroyOnHidden>
      {app ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="application-link-dialog">
          {app.status !== 1 ? <Alert type="warning" showIcon message={t('application.link.disabled')} /> : null}
          <Typography.Paragraph copyable={{ text: url, tooltips: [t('buttons.copy'), t('buttons.copied')] }} style={{ marginBottom: 0 }}>
            <Typography.Link href={publicLink(app.app_key)} target="_blank" rel="noreferrer" data-testid="application-link-url">
              {url}
            </Typography.Link>
          </Typography.Paragraph>
          <div ref={qr} style={{ display: 'flex', justifyContent: 'center' }}>
            <QRCode value={url} size={220} type="canvas" bordered={false} />
          </div>
          <Space wrap style={{ justifyContent: 'center', width: '100%' }}>
            <Button icon={<DownloadOutlined />} onClick={download} data-testid="application-qr-download">
              {t('application.link.download')}
            </Button>
            {canRotate ? (
              <Button danger icon={<ReloadOutlined />} onClick={rotate} data-testid="application-rotate-key">
                {t('application.link.rotate')}
              </Button>
            ) : null}
          </Space>
        </Space>
      ) : null}
    </Modal>
  );
}
