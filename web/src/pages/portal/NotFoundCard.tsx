/** The friendly "not found" of the portal: the order does not exist or belongs to someone else. */
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundCard({ listPath }: { listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="public-card" variant="borderless">
      <Result
        status="404"
        title={t('portal.notFound.title')}
        subTitle={<span data-testid="portal-not-found">{t('portal.notFound.description')}</span>}
        extra={
          <Button type="primary" onClick={() => void navigate(listPath)}>
            {t('portal.actions.myOrders')}
          </Button>
        }
      />
    </Card>
  );
}
