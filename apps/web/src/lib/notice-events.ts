/**
 * The header's bell counts unread notices; a screen that reads or marks notices tells it to
 * count again at once with `noticesChanged()`, instead of waiting for its next round.
 */
export const NOTICES_CHANGED = 'hpbc:notices-changed';
export const noticesChanged = (): void => void window.dispatchEvent(new Event(NOTICES_CHANGED));
