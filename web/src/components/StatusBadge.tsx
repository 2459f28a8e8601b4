/** Enabled (status 1) or disabled (0), as a coloured dot and word. */
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

export default function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === 1 ? <Badge status="success" text={t('org.status.enabled')} /> : <Badge status="default" text={t('org.status.disabled')} />;
}
