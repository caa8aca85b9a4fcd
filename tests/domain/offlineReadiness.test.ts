import { describe, expect, it } from 'vitest';
import { offlineReadiness } from '../../src/domain/offlineReadiness';

describe('offline readiness of a company on this device', () => {
  it('needs its data and the app’s files', () => {
    expect(offlineReadiness('saved', null)).toBe('data');
    expect(offlineReadiness('saving', null)).toBe('data');
    expect(offlineReadiness('saving', '2026-11-29T03:00:00Z')).toBe('appFiles');
    expect(offlineReadiness('saved', '2026-11-29T03:00:00Z')).toBe('ready');
  });

  it('waits for no files where no service worker runs', () => {
    expect(offlineReadiness('none', '2026-11-29T03:00:00Z')).toBe('ready');
  });
});
