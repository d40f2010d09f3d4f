/**
 * JSX typing for ALTCHA 3's `<altcha-widget>` custom element. The element class, the tag map and
 * the `$altcha` global come from the package's own types.
 */
import type { AltchaWidgetElement } from 'altcha';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

interface AltchaWidgetAttributes extends DetailedHTMLProps<
  HTMLAttributes<AltchaWidgetElement>,
  AltchaWidgetElement
> {
  /** ALTCHA 3: the challenge URL (version 2 called it `challengeurl`). */
  challenge?: string;
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  name?: string;
  type?: 'native' | 'checkbox' | 'switch';
  language?: string;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetAttributes;
    }
  }
}
