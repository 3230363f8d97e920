import { useSyncExternalStore } from 'react';
import { below, VIEWPORT_BELOW, viewportOf, type Viewport } from '../../domain/viewport.ts';

// The layout the window's width calls for, re-rendered only when it crosses a breakpoint (media queries, not
// resize events).
const queries = [VIEWPORT_BELOW.phone, VIEWPORT_BELOW.tablet].map(below);

function subscribe(onChange: () => void): () => void {
  const lists = queries.map((q) => window.matchMedia(q));
  lists.forEach((l) => l.addEventListener('change', onChange));
  return () => lists.forEach((l) => l.removeEventListener('change', onChange));
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, () => viewportOf(window.innerWidth), () => 'desktop');
}
