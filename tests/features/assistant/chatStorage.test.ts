// @vitest-environment happy-dom
// Sanitization is proven in Chromium (tests/e2e/assistant.spec.ts): DOMPurify does not sanitize under happy-dom.
import { afterEach, describe, expect, it } from 'vitest';
import { clearChat, loadChat, saveChat } from '../../../src/features/assistant/chatStorage';

describe('chat storage', () => {
  afterEach(() => localStorage.clear());

  it('reuses the chat of the same company only, and survives edits by hand', () => {
    saveChat({ companyId: 2, sessionId: 's', messages: [{ agent: 'bot', type: 'text', text: 'hi' }] });
    expect(loadChat(2)).toEqual({
      companyId: 2,
      sessionId: 's',
      messages: [{ agent: 'bot', type: 'text', text: 'hi' }],
    });
    expect(loadChat(3)).toBeNull();
    localStorage.setItem(
      'getai.chat',
      '{"companyId":2,"messages":[{"agent":"x"},{"agent":"user","text":"a"}]}',
    );
    expect(loadChat(2)).toEqual({ companyId: 2, sessionId: null, messages: [{ agent: 'user', text: 'a' }] });
    localStorage.setItem('getai.chat', 'not json');
    expect(loadChat(2)).toBeNull();
    clearChat();
    expect(localStorage.getItem('getai.chat')).toBeNull();
  });
});
