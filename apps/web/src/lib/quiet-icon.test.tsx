// @vitest-environment jsdom
import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import CheckOutlinedSvg from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import DownOutlinedSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlinedSvg from '@ant-design/icons-svg/es/asn/UpOutlined';
import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { addTexts, renderWithProviders } from '@/test/render';
import { quietIcon } from './quiet-icon';

/**
 * Ant Design's icon base as the build wraps it (vite.config.ts, `quietIcons`): what a screen reader finds in a control
 * with an icon. Without the wrapper each of these reads the icon's English file name ("check", "close-circle").
 */
const Icon = quietIcon(AntdIconLight as never);

describe('an Ant Design icon in the portal', () => {
  beforeEach(() => addTexts({ UI_A11y_Clear: 'Clear the field', UI_A11y_Increase: 'Más', UI_A11y_Decrease: 'Menos' }));

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

  it("names a number field's step buttons, named in English by the library, in the reader's language", async () => {
    // As @rc-component/input-number draws them: a span with the role and an English name around Ant Design's icon.
    const step = (label: string, svg: typeof UpOutlinedSvg) =>
      createElement('span', { role: 'button', 'aria-label': label }, <Icon icon={svg} />);
    renderWithProviders(
      <span>
        {step('Increase Value', UpOutlinedSvg)}
        {step('Decrease Value', DownOutlinedSvg)}
      </span>,
    );
    expect(screen.getByRole('button', { name: 'Más' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Value/ })).toBeNull();
    // Another language: named again in it.
    i18n.addResourceBundle('en', 'translation', { UI_A11y_Increase: 'Increase', UI_A11y_Decrease: 'Decrease' });
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Increase' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeTruthy();
    await act(() => i18n.changeLanguage('es'));
  });
});
