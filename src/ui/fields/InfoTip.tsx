import { Info } from 'lucide-react';

/** An info button whose tooltip shows on hover and focus; the text is its accessible description. */
export function InfoTip({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <span className="info-tip">
      <button
        type="button"
        className="info-tip__button"
        aria-label={label}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.currentTarget.blur();
        }}
      >
        <Info aria-hidden="true" size={15} />
      </button>
      <span role="tooltip" id={id} className="info-tip__text">
        {text}
      </span>
    </span>
  );
}
