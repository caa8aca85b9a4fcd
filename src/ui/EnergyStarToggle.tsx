import { useState } from 'react';
import { useUserDb } from '../platform/database';
import { useOnline } from '../platform/useOnline';
import { setEnergyStarActive } from '../db/mutations/locations';
import type { LocationRow } from '../db/rows';
import './energyStarToggle.css';

/**
 * The site's ENERGY STAR active switch: a synced write through the outbox, so it applies at once, offline too,
 * and reaches the server when the network allows. `isInline` drops the card's separator, for tables and notices
 * (the Company Energy Star page lists the sites without ENERGY STAR with their switch).
 */
export function EnergyStarToggle({
  location,
  isInline = false,
}: {
  location: LocationRow;
  isInline?: boolean;
}) {
  const db = useUserDb();
  const isOnline = useOnline();
  const [error, setError] = useState<string | null>(null);
  const isActive = location.isEnergyStarActive;
  const toggle = async () => {
    if (!db) return;
    setError(null);
    try {
      // The worker sees the queued entry by itself (workers/sync/watch.ts), in this tab or any other.
      await setEnergyStarActive(db, location.id, !isActive);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The change could not be saved.');
    }
  };
  return (
    <div className={isInline ? 'location-energy-star location-energy-star--inline' : 'location-energy-star'}>
      <button
        type="button"
        role="switch"
        aria-checked={isActive}
        className="switch-button"
        onClick={() => void toggle()}
      >
        <span className="switch-button__track" aria-hidden="true">
          <span className="switch-button__thumb" />
        </span>
        <span>
          {isInline ? <span className="visually-hidden">{location.name}: </span> : null}ENERGY STAR active
        </span>
      </button>
      {isOnline ? null : (
        <span className="muted location-energy-star__note">
          Saved on this device; it is sent when you are back online.
        </span>
      )}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
