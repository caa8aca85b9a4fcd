// GET AI's window (spec 000 §2, §4, §9; docs/architecture.md §14 GET AI): a launcher and a floating panel with restart and
// minimize, the note that it may make mistakes, the messages (Markdown, sanitized) with their options, and a
// textarea that grows from 1 to 10 rows where Enter sends and Shift+Enter starts a new line. Keyboard: Tab stays
// inside the open panel, Escape minimizes it; new messages are announced through a polite live region.
import { Bot, FileSpreadsheet, LifeBuoy, Minus, RotateCcw, Send, SquareArrowOutUpRight } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChatMessage, ChatOption } from '../../domain/assistant/messages';
import { targetPath } from '../../domain/assistant/messages';
import {
  CHAT_DEFAULT_PLACEHOLDER,
  CHAT_REPORT_EMPTY_TEXT,
  CHAT_TEXTAREA_ROWS,
  chatWindowSize,
} from '../../domain/chat';
import { NO_DATA_TEXT, generatingText, reportLabel } from '../../domain/reports/types';
import { downloadBlob } from '../../export/downloadBlob';
import { trapTab } from '../../ui/focusables';
import { useToasts } from '../../ui/useToasts';
import { areaPath } from '../../platform/company/useAreaPath';
import { exportRun } from '../../platform/reportsClient';
import type { useAssistantChat } from './useAssistantChat';
import type { ReportsWorker } from '../../platform/reportsClient';
import { renderMarkdown } from './markdown';
import './assistant.css';

type Chat = ReturnType<typeof useAssistantChat>;

function useWindowSize() {
  const [size, setSize] = useState(() => chatWindowSize(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setSize(chatWindowSize(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

function OptionIcon({ icon }: { icon: string | undefined }) {
  if (icon === 'file-spreadsheet') return <FileSpreadsheet aria-hidden="true" size={16} />;
  if (icon === 'external-link') return <SquareArrowOutUpRight aria-hidden="true" size={16} />;
  if (icon === 'life-buoy') return <LifeBuoy aria-hidden="true" size={16} />;
  return null;
}

function Message({
  message,
  onOption,
  busy,
}: {
  message: ChatMessage;
  onOption: (o: ChatOption) => void;
  busy: boolean;
}) {
  return (
    <li className={`getai__message getai__message--${message.agent}`}>
      <span className="visually-hidden">{message.agent === 'bot' ? 'GET AI said:' : 'You said:'}</span>
      {message.agent === 'bot' ? (
        // Sanitized by DOMPurify in renderMarkdown (spec 000 §5).
        <div className="getai__text" dangerouslySetInnerHTML={{ __html: renderMarkdown(message.text) }} />
      ) : (
        <div className="getai__text">{message.text}</div>
      )}
      {message.options && message.options.length > 0 ? (
        <div className="getai__options">
          {message.options.map((option, index) => (
            <button
              key={`${option.value}-${index}`}
              type="button"
              className="btn btn--secondary getai__option"
              disabled={option.disabled === true || busy}
              data-done={option.disabled === true ? 'true' : undefined}
              onClick={() => onOption(option)}
            >
              <OptionIcon icon={option.icon} />
              {option.value}
              {option.disabled === true && option.action.type !== 'say' ? (
                <span className="visually-hidden"> (done)</span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** A button of the panel's header, showing only its icon. */
function HeaderButton({
  icon: Icon,
  label,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClick}>
      <Icon aria-hidden="true" size={18} />
    </button>
  );
}

/** The open panel. */
export function AssistantPanel({
  chat,
  companyId,
  reports,
  online,
  onMinimize,
  onTicket,
}: {
  chat: Chat;
  companyId: number;
  reports: () => ReportsWorker;
  online: boolean;
  onMinimize: () => void;
  /** Opens a proposed ticket's review dialog. */
  onTicket: (option: ChatOption) => void;
}) {
  const size = useWindowSize();
  const navigate = useNavigate();
  const { toast } = useToasts();
  const [draft, setDraft] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const { messages, busy } = chat;
  const last = messages[messages.length - 1];
  const placeholder = last?.defaultPlaceholderText ?? CHAT_DEFAULT_PLACEHOLDER;
  const rows = Math.min(CHAT_TEXTAREA_ROWS.max, Math.max(CHAT_TEXTAREA_ROWS.min, draft.split('\n').length));

  useEffect(() => {
    void chat.open();
    input.current?.focus();
    // Opening happens once per mount; chat.open is stable for a company.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [messages.length]);

  const openTarget = useCallback(
    (option: ChatOption) => {
      if (option.action.type !== 'navigate') return;
      chat.markDone(option);
      void navigate(areaPath(`/companies/${companyId}/`, targetPath(option.action.target)));
    },
    [chat, companyId, navigate],
  );

  const generate = useCallback(
    async (option: ChatOption) => {
      if (option.action.type !== 'report') return;
      const { reportType, params } = option.action;
      chat.say(generatingText(reportType));
      chat.setBusy(true);
      try {
        const { remote } = reports();
        const today = new Date().toISOString().slice(0, 10);
        const summary = await remote.run({ companyId, reportType, filter: params, today });
        if (summary.rowCount === 0) {
          void remote.release(summary.runId);
          toast('No Data Available', NO_DATA_TEXT, { kind: 'warning' });
          chat.setBusy(false);
          await chat.send(CHAT_REPORT_EMPTY_TEXT, true);
          return;
        }
        const file = await exportRun(remote, summary.runId, summary.title);
        void remote.release(summary.runId);
        downloadBlob(file.blob, file.fileName);
        chat.markDone(option);
        chat.say(
          `Downloaded **${reportLabel(reportType)}** (${summary.rowCount.toLocaleString('en-US')} rows).`,
        );
      } catch (error) {
        console.error('GET AI could not generate the report', error);
        chat.say('Sorry, the report could not be generated. Please try again.');
      } finally {
        chat.setBusy(false);
      }
    },
    [chat, companyId, reports, toast],
  );

  const onOption = useCallback(
    (option: ChatOption) => {
      if (option.action.type === 'say') {
        chat.markDone(option);
        void chat.send(option.action.text).then((replies) => {
          const go = replies.length === 1 ? replies[0]?.options?.[0] : undefined;
          if (go?.action.type === 'navigate' && go.action.openNow === true) openTarget(go);
        });
      } else if (option.action.type === 'report') void generate(option);
      else if (option.action.type === 'ticket') onTicket(option);
      else openTarget(option);
    },
    [chat, generate, onTicket, openTarget],
  );

  const submit = useCallback(() => {
    const text = draft;
    if (text.trim() === '' || busy) return;
    setDraft('');
    void chat.send(text).then((replies) => {
      // A navigation answer opens its page at once; its button stays for going back to it.
      const go = replies.length === 1 ? replies[0]?.options?.[0] : undefined;
      if (go?.action.type === 'navigate' && go.action.openNow === true) openTarget(go);
    });
  }, [busy, chat, draft, openTarget]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onMinimize();
    } else if (event.key === 'Tab' && panel.current && trapTab(panel.current, event.shiftKey))
      event.preventDefault();
  };

  const disabled = busy || last?.disableInput === true;
  return (
    <div
      ref={panel}
      className="getai__panel"
      role="dialog"
      aria-label="GET AI"
      style={{ width: size.width, height: size.height }}
      onKeyDown={onKeyDown}
    >
      <header className="getai__header">
        <Bot aria-hidden="true" size={20} />
        <h2 className="getai__title">GET AI</h2>
        <HeaderButton icon={RotateCcw} label="Restart chat" onClick={() => void chat.restart()} />
        <HeaderButton icon={Minus} label="Minimize chat" onClick={onMinimize} />
      </header>
      <p className="getai__note">
        GET AI can make mistakes. Check important figures.
        {online ? null : ' You are offline: answers come from the data synced to this device.'}
      </p>
      <div className="getai__messages" role="log" aria-live="polite" aria-label="Chat messages">
        <ol ref={list} className="getai__list">
          {messages.map((message, index) => (
            <Message key={index} message={message} onOption={onOption} busy={busy} />
          ))}
          {busy ? (
            <li className="getai__typing" aria-label="GET AI is typing">
              <span />
              <span />
              <span />
            </li>
          ) : null}
        </ol>
      </div>
      <form
        className="getai__form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={input}
          className="getai__input"
          aria-label="Message"
          placeholder={placeholder}
          rows={rows}
          value={draft}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <button
          type="submit"
          className="icon-button"
          aria-label="Send"
          disabled={disabled || draft.trim() === ''}
        >
          <Send aria-hidden="true" size={18} />
        </button>
      </form>
    </div>
  );
}
