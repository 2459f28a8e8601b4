/**
 * Asks before an enable/disable or a delete, saying what it does, then runs it; a refused
 * call (e.g. a 409 "still has staff") was already shown by the HTTP client as an error notice.
 */
import i18n from 'i18next';
import { feedback } from '../app/feedback.tsx';

export interface ConfirmActionOptions {
  title: string;
  content: string;
  okText: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  /** Shown as a success message after the call. */
  done: string;
  onDone: () => void;
}

export function confirmAction({ title, content, okText, danger, run, done, onDone }: ConfirmActionOptions): void {
  feedback.modal.confirm({
    title,
    content,
    okText,
    cancelText: i18n.t('buttons.cancel'),
    okButtonProps: { danger },
    onOk: async () => {
      try {
        await run();
        void feedback.message.success(done);
      } catch {
        // Reported by the HTTP client; the list is refreshed anyway (the row may have changed).
      }
      onDone();
    },
  });
}
