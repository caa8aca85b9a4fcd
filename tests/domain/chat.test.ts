import { describe, it, expect } from 'vitest';
import {
  CHAT_DEFAULT_PLACEHOLDER,
  CHAT_REPORT_EMPTY_TEXT,
  CHAT_SESSION_EXPIRED_TEXT,
  CHAT_TEXTAREA_ROWS,
  CHAT_TICKET_NOTE,
  chatWindowSize,
  withTicketNote,
} from '../../src/domain/chat';

describe('chatWindowSize', () => {
  it.each([
    [0, 300],
    [320, 300],
    [575, 300],
    [576, 500],
    [991, 500],
    [992, 600],
    [1199, 600],
    [1200, 750],
    [1919, 750],
    [1920, 900],
    [3840, 900],
  ])('gives a %ipx wide screen a %ipx wide panel', (screenWidth, width) => {
    expect(chatWindowSize(screenWidth, 1080).width).toBe(width);
  });

  it.each([
    [0, 250],
    [499, 250],
    [500, 400],
    [699, 400],
    [700, 500],
    [899, 500],
    [900, 740],
    [1079, 740],
    [1080, 800],
    [2160, 800],
  ])('gives a %ipx high screen a %ipx high panel', (screenHeight, height) => {
    expect(chatWindowSize(1920, screenHeight).height).toBe(height);
  });

  it('sizes width and height independently', () => {
    expect(chatWindowSize(575, 1080)).toEqual({ width: 300, height: 800 });
  });
});

describe('chat texts', () => {
  it.each([
    [CHAT_DEFAULT_PLACEHOLDER, 'Message Get AI'],
    [CHAT_REPORT_EMPTY_TEXT, 'Report returned 0 rows.'],
    [CHAT_SESSION_EXPIRED_TEXT, 'Session expired, please restart the chat.'],
  ])('spells %j as the spec does', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('sets the ticket note apart from the description and names the assistant', () => {
    expect(CHAT_TICKET_NOTE.startsWith('\n\n')).toBe(true);
    expect(CHAT_TICKET_NOTE).toContain('GET AI');
  });

  it('lets the textarea grow from 1 to 10 rows', () => {
    expect(CHAT_TEXTAREA_ROWS).toEqual({ min: 1, max: 10 });
  });
});

describe('withTicketNote', () => {
  it.each([
    ['Meter reads are missing', `Meter reads are missing${CHAT_TICKET_NOTE}`],
    ['', CHAT_TICKET_NOTE],
    [`Already noted${CHAT_TICKET_NOTE}`, `Already noted${CHAT_TICKET_NOTE}`],
  ])('turns %j into %j', (description, expected) => {
    expect(withTicketNote(description)).toBe(expected);
  });
});
