import type { ListOrderResponse } from '@portal/contract/lists';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** What ordering a list did: the lines added (and those short in their store), and what was not added and why. */
export function ListOrderResult({ result }: { result: ListOrderResponse }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const short = result.added.filter((a) => a.short);
  return (
    <div role="status" style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="list-order-result">
      {result.added.length > 0 ? (
        <Alert
          type="success"
          showIcon
          title={t('UI_LS_Added', { count: result.added.length })}
          description={
            short.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {short.map((a) => (
                  <li key={a.lineId}>{t('UI_LS_Short', { ref: a.ref, store: a.store })}</li>
                ))}
              </ul>
            ) : null
          }
          action={
            <Button size="small" onClick={() => navigate('/my-cart')} data-testid="list-go-cart">
              {t('UI_LS_GoCart')}
            </Button>
          }
        />
      ) : null}
      {result.refused.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('UI_LS_RefusedTitle')}
          data-testid="list-order-refused"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.refused.map((r) => (
                <li key={r.lineId}>{t(`UI_LS_Refused_${r.reason}`, { ref: r.ref })}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </div>
  );
}
