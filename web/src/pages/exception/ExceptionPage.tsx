/**
 * The exception pages 403, 404 and 500 (docs/product.md, section 2) as antd Results; `standalone`
 * centres the page when it is shown without the basic layout (/404).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type ExceptionType = '403' | '404' | '500';

export default function ExceptionPage({ type, standalone = false }: { type: ExceptionType; standalone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const result = (
    <Result
      status={type}
      title={type}
      subTitle={t(`exception.${type}`)}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('exception.backHome')}
        </Button>
      }
    />
  );
  return standalone ? <div className="standalone-exception">{result}</div> : result;
}
