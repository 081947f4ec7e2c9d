import { RedoOutlined } from '@ant-design/icons';
import type { ReorderKind } from '@portal/contract/quick-order';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '@/lib/current-user';

/**
 * "Order again" in a document's corner (issue 26): opens the quick order with the document's lines checked again.
 * Shown only to users who may buy.
 */
export function ReorderLink({ kind, id }: { kind: ReorderKind; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  if (!user?.permitirCompras) return null;
  return (
    <Button
      type="link"
      size="small"
      className="doc-cell-button"
      icon={<RedoOutlined />}
      data-testid="reorder"
      onClick={() => navigate(`/quick-order?${new URLSearchParams({ reorder: kind, id }).toString()}`)}
    >
      {t('UI_QO_Reorder')}
    </Button>
  );
}
