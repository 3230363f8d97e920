// Issue 13: the console's three layouts by viewport width. Phones get the menu as an overlay drawer and an
// icon-only header; tablets keep the menu collapsed to a rail of icons (the whole menu opens as an overlay);
// desktops show everything.
export type Viewport = 'phone' | 'tablet' | 'desktop';

/** widths below which a layout applies, in CSS pixels */
export const VIEWPORT_BELOW = { phone: 640, tablet: 1024 } as const;

export function viewportOf(width: number): Viewport {
  if (width < VIEWPORT_BELOW.phone) return 'phone';
  if (width < VIEWPORT_BELOW.tablet) return 'tablet';
  return 'desktop';
}

/** The CSS media query of widths below `width` (the .02 keeps a fractional width just under it inside). */
export const below = (width: number) => `(max-width: ${width - 0.02}px)`;

/** Style keys for phones and for anything wider (Griffel makeStyles / static CSS). */
export const PHONE_MEDIA = `@media ${below(VIEWPORT_BELOW.phone)}`;
export const WIDER_THAN_PHONE_MEDIA = `@media (min-width: ${VIEWPORT_BELOW.phone}px)`;
