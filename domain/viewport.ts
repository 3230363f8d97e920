// Issue 13: the console's three layouts by viewport width. Phones get the menu as an overlay drawer and an
// icon-only header; tablets start with the menu closed; desktops show everything.
export type Viewport = 'phone' | 'tablet' | 'desktop';

/** widths below which a layout applies, in CSS pixels */
export const VIEWPORT_BELOW = { phone: 640, tablet: 1024 } as const;

export function viewportOf(width: number): Viewport {
  if (width < VIEWPORT_BELOW.phone) return 'phone';
  if (width < VIEWPORT_BELOW.tablet) return 'tablet';
  return 'desktop';
}
