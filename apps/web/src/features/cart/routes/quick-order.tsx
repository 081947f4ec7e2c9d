import { ShoppingCartOutlined } from '@ant-design/icons';
import { REORDER_KINDS, type ReorderKind } from '@portal/contract/quick-order';
import { displayDocumentId } from '@portal/contract/sales';
import { Alert, Button, Card, Col, Empty, Result, Row, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AddToList } from '@/components/add-to-list';
import { isApiError } from '@/lib/api-error';
import { useUser } from '@/lib/current-user';
import { useReorder } from '../api/get-reorder';
import { useQuickOrderAdd } from '../api/post-quick-order-add';
import { useQuickOrderReadFile } from '../api/post-quick-order-read-file';
import { postQuickOrderResolve, useQuickOrderResolve } from '../api/post-quick-order-resolve';
import { QuickOrderLineItem } from '../quick-order/line-item';
import { ListInput } from '../quick-order/list-input';
import { OrderPad } from '../quick-order/order-pad';
import {
  addable,
  addRequest,
  chosenCandidate,
  fromReorder,
  fromResolved,
  nextRow,
  summary,
  type WorkLine,
} from '../quick-order/work-lines';
// The status tags' readable colours (doc-tag-*) live with the grids' styles.
import '@/components/data-grid/data-grid.css';
import '../quick-order/quick-order.css';

const storeNames = (list: { id: string; name: string }[]) => new Map(list.map((s) => [s.id, s.name]));
/** The chosen lines as a list takes them (decision 0086): the article, the quantity, the reference shown. */
const listLines = (lines: WorkLine[]) =>
  lines.map((l) => ({
    articleId: l.chosen!,
    quantity: l.quantity,
    ref: chosenCandidate(l)?.ref_jumasa ?? l.identifier,
  }));
const errorKey = (error: unknown) => (isApiError(error) ? (error.body?.message ?? null) : null);

function reorderTarget(params: URLSearchParams): { kind: ReorderKind; id: string } | null {
  const kind = params.get('reorder');
  const id = params.get('id');
  return kind && id && (REORDER_KINDS as readonly string[]).includes(kind) ? { kind: kind as ReorderKind, id } : null;
}

/**
 * /quick-order — "Pedido rápido" (issue 26): a pasted or uploaded list and the order pad, resolved in one call to
 * articles with the caller's price and stock; the lines are fixed in place and go to the cart together. With
 * `?reorder=<kind>&id=<document>` it starts from a document's lines, checked again (what changed is shown).
 */
export default function QuickOrderRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: user, isPending: userPending } = useUser();
  const canBuy = user?.permitirCompras === true;
  const target = useMemo(() => reorderTarget(params), [params]);
  const reorder = useReorder(canBuy ? target : null);
  const [text, setText] = useState('');
  const [lines, setLines] = useState<WorkLine[]>([]);
  const [unselected, setUnselected] = useState<Set<string>>(new Set());
  const [stores, setStores] = useState<Map<string, string>>(new Map());
  const [header, setHeader] = useState(false);
  const [searching, setSearching] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const resolve = useQuickOrderResolve();
  const readFile = useQuickOrderReadFile();
  const add = useQuickOrderAdd();

  const learnStores = (list: { id: string; name: string }[]) => setStores(storeNames(list));

  // A reorder's lines fill the list once they arrive (again when another document is asked for).
  useEffect(() => {
    if (!reorder.data) return;
    setStores(storeNames(reorder.data.stores));
    setLines(reorder.data.lines.map(fromReorder));
    setUnselected(new Set());
    setAdded(null);
  }, [reorder.data]);

  if (userPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!canBuy) {
    return (
      <Result
        status="403"
        title={t('UI_Cart_NotAllowed')}
        extra={
          <Button type="primary" onClick={() => navigate('/product-list/')}>
            {t('UI_Cart_GoToCatalog')}
          </Button>
        }
      />
    );
  }

  const runResolve = () => {
    setAdded(null);
    resolve.mutate(
      { text },
      {
        onSuccess: (answer) => {
          learnStores(answer.stores);
          setHeader(answer.header);
          setLines(answer.lines.map((l) => fromResolved(l)));
          setUnselected(new Set());
        },
      },
    );
  };

  const searchAgain = async (line: WorkLine, identifier: string) => {
    setSearching(line.key);
    try {
      const answer = await postQuickOrderResolve({
        rows: [{ row: line.row, identifier, quantity: String(line.quantity), store: line.storeTyped }],
      });
      const fixed = fromResolved(answer.lines[0]!, line.key);
      setLines((all) => all.map((l) => (l.key === line.key ? { ...fixed, changes: l.changes, name: l.name } : l)));
    } finally {
      setSearching(null);
    }
  };

  const chosen = addable(lines).filter((l) => !unselected.has(l.key));
  const counts = summary(lines);
  const submit = () =>
    add.mutate(addRequest(chosen), {
      onSuccess: (answer) => {
        setAdded(answer.added);
        setLines([]);
        setText('');
      },
    });

  const refusal = errorKey(resolve.error) ?? errorKey(add.error) ?? errorKey(readFile.error);
  const reorderMissing = target && reorder.error && isApiError(reorder.error) && reorder.error.status === 404;

  const linesCard = (
    <Card
      size="small"
      title={<h2 className="qo-card-title">{t('UI_QO_Lines')}</h2>}
      extra={
        lines.length > 0 ? (
          <span className="qo-muted" data-testid="qo-summary">
            {t('UI_QO_Summary', counts)}
          </span>
        ) : null
      }
      data-testid="qo-lines"
    >
      {reorder.isFetching ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {lines.length === 0 && !reorder.isFetching ? (
        <Empty description={t('UI_QO_Empty')} data-testid="qo-empty" />
      ) : null}
      {header && lines.length > 0 ? <p className="qo-muted">{t('UI_QO_HeaderSkipped')}</p> : null}
      {lines.length > 0 ? (
        <ul className="qo-lines" aria-label={t('UI_QO_Lines')}>
          {lines.map((line) => (
            <QuickOrderLineItem
              key={line.key}
              line={line}
              storeNames={stores}
              selected={!unselected.has(line.key)}
              searching={searching === line.key}
              onSelect={(selected) =>
                setUnselected((set) => {
                  const next = new Set(set);
                  if (selected) next.delete(line.key);
                  else next.add(line.key);
                  return next;
                })
              }
              onChange={(changed) => setLines((all) => all.map((l) => (l.key === changed.key ? changed : l)))}
              onSearchAgain={(l, identifier) => void searchAgain(l, identifier)}
              onRemove={() => setLines((all) => all.filter((l) => l.key !== line.key))}
            />
          ))}
        </ul>
      ) : null}
      {lines.length > 0 ? (
        <Space wrap className="qo-footer">
          {lines.length - addable(lines).length > 0 ? (
            <span className="qo-muted" data-testid="qo-not-added">
              {t('UI_QO_NotAdded', { count: lines.length - addable(lines).length })}
            </span>
          ) : null}
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            disabled={chosen.length === 0}
            loading={add.isPending}
            onClick={submit}
            data-testid="qo-add"
          >
            {t('UI_QO_Add', { count: chosen.length })}
          </Button>
          <AddToList lines={listLines(chosen)} disabled={chosen.length === 0} />
        </Space>
      ) : null}
    </Card>
  );

  return (
    <div className="qo-page" data-testid="quick-order">
      {target ? (
        <Alert
          type="info"
          showIcon
          title={t(`UI_QO_ReorderOf_${target.kind}`, { id: displayDocumentId(target.id) })}
          description={reorderMissing ? undefined : t('UI_QO_ReorderHelp')}
          data-testid="qo-reorder"
        />
      ) : null}
      {reorderMissing ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('UI_QO_ReorderNotFound')}
          data-testid="qo-reorder-missing"
        />
      ) : null}
      {refusal ? <Alert type="error" showIcon role="alert" title={t(refusal)} data-testid="qo-refusal" /> : null}
      {added !== null ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('UI_QO_Added', { count: added })}
          action={
            <Button icon={<ShoppingCartOutlined />} onClick={() => navigate('/my-cart')} data-testid="qo-go-cart">
              {t('UI_QO_GoToCart')}
            </Button>
          }
          data-testid="qo-added"
        />
      ) : null}
      {/* A reorder opens on its lines; a new list starts from the input. */}
      {target ? linesCard : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <ListInput
            text={text}
            onText={setText}
            onResolve={runResolve}
            onFile={(file) =>
              readFile.mutate(file, {
                onSuccess: (answer) => setText(answer.text),
              })
            }
            resolving={resolve.isPending}
            reading={readFile.isPending}
          />
        </Col>
        <Col xs={24} lg={10}>
          <OrderPad
            nextRow={nextRow(lines)}
            onLine={(line) => {
              setAdded(null);
              setLines((all) => [...all, fromResolved(line)]);
            }}
          />
        </Col>
      </Row>
      {target ? null : linesCard}
    </div>
  );
}
