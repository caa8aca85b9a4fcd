import type { LucideIcon } from 'lucide-react';

/** A panel's title led by its icon, which screen readers skip. */
export function IconTitle({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <>
      <Icon size={18} aria-hidden="true" /> {text}
    </>
  );
}
