import { PlusOutlined } from '@ant-design/icons';
import { accountnum, CLIENTS_GRID, type ClientGridRow } from '@portal/contract/users';
import { Button, Input, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { selectColumn, textColumn } from '@/components/data-grid/columns';
import { DataGrid } from '@/components/data-grid/data-grid';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { translateMessage } from '@/lib/i18n';
import { clientsGridQueryOptions } from '../api/get-clients-grid';
import '../users.css';

type Column = GridColumnDef<ClientGridRow>;

/** /setting/client: the clients grid with its filter toolbar; a row opens the client. */
export default function ClientsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [newId, setNewId] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const columns = useMemo((): Column[] => {
    const yesNo = [
      { value: 'true', label: t('UI_Grid_Yes') },
      { value: 'false', label: t('UI_Grid_No') },
    ];
    const flag = (field: 'BOQPEDIDO' | 'BLOQTODO', title: string): Column =>
      selectColumn<ClientGridRow>(field, title, 130, { options: yesNo }, (r) =>
        r[field] ? <Tag color="red">{t('UI_Grid_Yes')}</Tag> : t('UI_Grid_No'),
      );
    return [
      { ...textColumn<ClientGridRow>('ACCOUNTNUM', t('UI_People_Account'), 120), fixed: 'left', card: 'id' },
      { ...textColumn<ClientGridRow>('NAME', t('UI_People_ClientName'), 260), card: 'status' },
      textColumn<ClientGridRow>('ALMACEN', t('UI_People_HomeStore'), 110),
      flag('BOQPEDIDO', t('UI_People_OrdersBlocked')),
      flag('BLOQTODO', t('UI_People_AllBlocked')),
      textColumn<ClientGridRow>('NOMCOMERCIAL', t('UI_People_TradeName'), 220),
    ];
  }, [t]);
  const grid = useJqGrid({ definition: CLIENTS_GRID, columns, query: clientsGridQueryOptions });

  const create = () => {
    const parsed = accountnum.safeParse(newId);
    if (!parsed.success) return setNewError(translateMessage(parsed.error.issues[0]?.message));
    navigate(`/setting/client/${parsed.data}?new=1`);
  };

  return (
    <div className="users-page">
      <DataGrid<ClientGridRow>
        grid={grid}
        rowKey={(row) => row.ACCOUNTNUM}
        isSelected={() => false}
        onSelect={(row) => navigate(`/setting/client/${row.ACCOUNTNUM}`)}
        label={t('UI_Title_Clients')}
        emptyText={t('UI_People_NoClients')}
        testId="clients-grid"
        toolbar={
          <Space.Compact>
            <Input
              value={newId}
              onChange={(e) => {
                setNewId(e.target.value);
                setNewError(null);
              }}
              onPressEnter={create}
              placeholder={t('UI_People_NewAccount')}
              aria-label={t('UI_People_NewAccount')}
              status={newError ? 'error' : undefined}
              title={newError ?? undefined}
              data-testid="new-client-account"
            />
            <Button icon={<PlusOutlined />} onClick={create} data-testid="new-client">
              {t('UI_People_NewClient')}
            </Button>
          </Space.Compact>
        }
      />
    </div>
  );
}
