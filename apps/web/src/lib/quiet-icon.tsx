import type { ComponentType, ForwardRefExoticComponent, RefAttributes } from 'react';
import { forwardRef, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type IconProps = Record<string, unknown>;
type Icon = ForwardRefExoticComponent<IconProps & RefAttributes<HTMLSpanElement>> & Record<string, unknown>;

/**
 * The name of an icon that is the only content of a control, by the icon's name: the controls Ant Design draws with an
 * icon and no name of their own (a text field's clear button, a pager's arrows, a search field's button). Any other
 * control with only an icon is named where it is written (axe's button-name in the journeys).
 */
const ONLY_CONTENT: Record<string, string> = {
  'close-circle': 'UI_A11y_Clear',
  close: 'UI_A11y_Close',
  left: 'UI_A11y_Previous',
  right: 'UI_A11y_Next',
  search: 'UI_A11y_Search',
};

/**
 * Controls Ant Design's parts name in English in every language, by that English name: the number field's step
 * buttons (`@rc-component/input-number` writes "Increase Value" and "Decrease Value", with no locale). Their icons
 * (`up`, `down`; `plus`, `minus` in the spinner mode) name them again in the reader's language.
 */
const LIBRARY_NAMES: Record<string, string> = {
  'Increase Value': 'UI_A11y_Increase',
  'Decrease Value': 'UI_A11y_Decrease',
};
const STEP_ICONS = new Set(['up', 'down', 'plus', 'minus']);
/** Where a renamed control keeps the English name it was drawn with (to name it again in the next language). */
const LIBRARY_NAME = 'data-library-name';

/** Names the control around an icon in the reader's language when the library named it in English (`LIBRARY_NAMES`). */
function renameLibraryControl(icon: HTMLElement, name: (key: string) => string): void {
  const control = icon.parentElement?.closest('[role="button"]');
  if (!control) return;
  const english = control.getAttribute(LIBRARY_NAME) ?? control.getAttribute('aria-label') ?? '';
  const key = LIBRARY_NAMES[english];
  if (!key) return;
  control.setAttribute(LIBRARY_NAME, english);
  control.setAttribute('aria-label', name(key));
}

/** The control around an icon, when the icon is all it holds: no text, no name of its own. */
function namelessControl(icon: HTMLElement): Element | null {
  const control = icon.parentElement?.closest('button, a[href], [role="button"]');
  if (!control) return null;
  const named = ['aria-label', 'aria-labelledby', 'title'].some((a) => control.hasAttribute(a));
  return named || control.textContent?.trim() ? null : control;
}

/**
 * Ant Design names each icon with its English file name (`<span role="img" aria-label="check">`), which a screen reader
 * reads inside the control: "check Finalizar pedido", a pager's "left", a clear button's "close-circle". In the portal an
 * icon is decoration, hidden from assistive technology, and the control carries the name in the reader's language; an
 * icon given a name (`aria-label`, `aria-labelledby`) keeps it. An icon that is all of a nameless control (Ant Design's
 * own, `ONLY_CONTENT`) names it in the reader's language; so does a step icon of a control the library named in English
 * (`LIBRARY_NAMES`).
 *
 * Every Ant Design icon goes through this, the portal's own and those Ant Design draws inside its components:
 * vite.config.ts (`quietIcons`) wraps the icons' base components (`AntdIcon`, `AntdIconLight`) in it (decision 0092).
 */
export function quietIcon(Original: ComponentType<IconProps & RefAttributes<HTMLSpanElement>>): Icon {
  const Quiet = forwardRef<HTMLSpanElement, IconProps>(function QuietIcon(props, ref) {
    // Drawn again when the language changes: a name given in one language is not kept in the next.
    const { t } = useTranslation();
    const own = useRef<HTMLSpanElement | null>(null);
    const [alone, setAlone] = useState(false);
    const named = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined;
    const iconName = (props.icon as { name?: string } | undefined)?.name ?? '';
    const key = ONLY_CONTENT[iconName];
    useLayoutEffect(() => {
      if (own.current && STEP_ICONS.has(iconName)) renameLibraryControl(own.current, t);
      if (named || !key || !own.current) return;
      setAlone(namelessControl(own.current) !== null);
    });
    const quiet = named
      ? {}
      : alone && key
        ? { 'aria-label': t(key), role: 'img' }
        : { 'aria-hidden': true, 'aria-label': undefined, role: undefined };
    const setRef = (node: HTMLSpanElement | null) => {
      own.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    };
    return <Original {...props} {...quiet} ref={setRef} />;
  }) as Icon;
  // The two-tone icons' colour functions, kept on the wrapper as the icons read them there.
  for (const key of ['getTwoToneColor', 'setTwoToneColor'] as const) {
    const value = (Original as unknown as Record<string, unknown>)[key];
    if (value !== undefined) Quiet[key] = value;
  }
  return Quiet;
}
