/** Modal open and close animation length (spec 000 §9). */
export const MODAL_ANIMATION_MS = 500;

/** True when the user asked the system for reduced motion; animations then finish at once. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
