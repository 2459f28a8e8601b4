/** The card a portal page shows while its order loads, or when loading failed (with a retry). */
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

export default function LoadingOrFailed({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="public-card" variant="borderless">
      {failed ? (
        <Result status="error" title={t('portal.loadFailed')} extra={<Button onClick={onRetry}>{t('buttons.retry')}</Button>} />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Card>
  );
}
