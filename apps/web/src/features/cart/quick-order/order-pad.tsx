// Not EnterOutlined: its class `anticon-enter` reads as an animation in progress to the journeys' motion check.
import { PlusOutlined } from '@ant-design/icons';
import { type QuickOrderLine, quickOrderCalls, quickOrderKey } from '@portal/contract/quick-order';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey } from '@/lib/call';
import { formatMoney } from '@/lib/format';
import { postQuickOrderResolve } from '../api/post-quick-order-resolve';

/** The code typed settles this long before it is looked up (each key press would be a call otherwise). */
const SETTLE_MS = 250;

function useSettled(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The order pad (issue 26): a code and Enter, a quantity and Enter, and the line joins the list; the match is shown
 * live while the code is typed. `onLine` receives the resolved line (the same call as a pasted list's).
 */
export function OrderPad({ onLine, nextRow }: { onLine: (line: QuickOrderLine) => void; nextRow: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [qty, setQty] = useState('1');
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<InputRef>(null);
  const qtyRef = useRef<InputRef>(null);
  const settled = useSettled(code);
  const key = quickOrderKey(settled);
  // Looked up by its code (the server normalises the same way), so that "ab-12" and "AB12" share one answer.
  const probe = { rows: [{ row: 1, identifier: key ?? '', quantity: '1' }] };
  const match = useQuery({
    queryKey: callKey(quickOrderCalls.resolve, { body: probe }),
    queryFn: ({ signal }) => postQuickOrderResolve(probe, signal),
    enabled: key !== null,
    staleTime: 30_000,
  });
  const found = key !== null && quickOrderKey(code) === key ? match.data?.lines[0] : undefined;

  const addLine = async () => {
    if (quickOrderKey(code) === null) {
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      // The quantity as typed: the server corrects it by the cart's rules and the line says how.
      const answer = await postQuickOrderResolve({ rows: [{ row: nextRow, identifier: code, quantity: qty }] });
      onLine(answer.lines[0]!);
      setCode('');
      setQty('1');
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  let live: React.ReactNode = null;
  if (quickOrderKey(code) !== null) {
    if (!found) live = t('UI_QO_PadSearching');
    else if (found.status === 'notFound') live = t('UI_QO_PadNoMatch');
    else if (found.status === 'ambiguous') live = t('UI_QO_PadMatches', { count: found.candidates.length });
    else if (found.candidates[0]) {
      const c = found.candidates[0];
      live = `${c.ref_jumasa} · ${c.descripcion} · ${formatMoney(c.preciocliente)}`;
    }
  }

  return (
    <Card size="small" title={<h2 className="qo-card-title">{t('UI_QO_Pad')}</h2>} data-testid="qo-pad">
      <p className="qo-muted" style={{ marginTop: 0 }}>
        {t('UI_QO_PadHelp')}
      </p>
      <div className="qo-pad-fields">
        <div className="qo-field" style={{ flex: '1 1 180px' }}>
          <label htmlFor="qo-pad-code" className="qo-label">
            {t('UI_QO_PadCode')}
          </label>
          <Input
            id="qo-pad-code"
            ref={codeRef}
            value={code}
            maxLength={60}
            autoComplete="off"
            aria-describedby="qo-pad-live"
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => (quickOrderKey(code) ? qtyRef.current?.focus({ cursor: 'all' }) : undefined)}
            data-testid="qo-pad-code"
          />
        </div>
        <div className="qo-field" style={{ flex: '0 0 100px' }}>
          <label htmlFor="qo-pad-qty" className="qo-label">
            {t('UI_QO_PadQuantity')}
          </label>
          <Input
            id="qo-pad-qty"
            ref={qtyRef}
            value={qty}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => setQty(e.target.value)}
            onPressEnter={() => void addLine()}
            data-testid="qo-pad-qty"
          />
        </div>
        <Button
          icon={<PlusOutlined />}
          onClick={() => void addLine()}
          loading={busy}
          className="qo-pad-add"
          data-testid="qo-pad-add"
        >
          {t('UI_QO_PadAdd')}
        </Button>
      </div>
      <div id="qo-pad-live" className="qo-pad-live" role="status" aria-live="polite" data-testid="qo-pad-live">
        {live}
      </div>
    </Card>
  );
}
