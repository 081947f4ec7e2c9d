// @vitest-environment jsdom
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import CheckOutlinedSvg from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTexts, renderWithProviders } from '@/test/render';
import { quietIcon } from './quiet-icon';

/**
 * Ant Design's icon base as the build wraps it (vite.config.ts, `quietIcons`): what a screen reader finds in a control
 * with an icon. Without the wrapper each of these reads the icon's English file name ("check", "close-circle").
 */
const Icon = quietIcon(AntdIconLight as never);

describe('an Ant Design icon in the portal', () => {
  beforeAll(() => addTexts({ UI_A11y_Clear: 'Clear the field' }));

  it('is hidden inside a control with a text, which names the control alone', () => {
    renderWithProviders(
      <button type="button">
        <Icon icon={CheckOutlinedSvg} /> Finalizar pedido
      </button>,
    );
    expect(screen.getByRole('button').getAttribute('aria-label')).toBeNull();
    expect(screen.getByRole('button', { name: 'Finalizar pedido' })).toBeTruthy();
    expect(screen.queryByRole('img', { hidden: true })).toBeNull();
    expect(document.querySelector('[aria-label="check"]')).toBeNull();
    expect(document.querySelector('.anticon-check')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('names a control it is all of, in the reader language, when Ant Design draws it so (a clear button)', () => {
    renderWithProviders(
      <button type="button">
        <Icon icon={CloseCircleFilledSvg} />
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Clear the field' })).toBeTruthy();
  });

  it('keeps the name it is given', () => {
    renderWithProviders(<Icon icon={CheckOutlinedSvg} aria-label="Sí" />);
    expect(screen.getByRole('img', { name: 'Sí' })).toBeTruthy();
  });
});
