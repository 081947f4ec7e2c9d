import { ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentCartLength } from '@/features/cart/api/get-current-cart-length';

/** Header cart button with the item count; shown only to users who may buy (permitirCompras). */
export function CartButton({ color, accent }: { color: string; accent: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: count = 0 } = useCurrentCartLength(true);
  const label = t('UI_Cart');
  // The count badge sits beside the button, not in it: the button's name says the count already, and digits
  // inside it would be visible text its name does not hold as a word ("2" vs "Carrito (2)": axe
  // label-content-name-mismatch, WCAG 2.5.3).
  return (
    <Badge count={count} size="small" color={accent} offset={[-6, 6]} showZero={false}>
      <Button
        type="text"
        aria-label={`${label} (${count})`}
        title={label}
        data-testid="cart-button"
        onClick={() => navigate('/my-cart')}
        style={{ color }}
        icon={<ShoppingCartOutlined style={{ color, fontSize: 18 }} />}
      />
    </Badge>
  );
}
