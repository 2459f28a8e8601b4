/**
 * Holds antd's notification, message and modal APIs bound to the running <App> (theme and
 * locale aware), so that non-React code such as the HTTP client can show feedback.
 */
import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

interface Feedback {
  notification: NotificationInstance;
  message: MessageInstance;
  modal: Pick<ModalHookAPI, 'confirm' | 'info' | 'warning' | 'error' | 'success'>;
}

export const feedback: Feedback = {
  notification: staticNotification,
  message: staticMessage,
  modal: Modal as unknown as Feedback['modal'],
};

/** Rendered once inside antd's <App>: points `feedback` at the context-bound APIs. */
export function FeedbackBinder() {
  const { notification, message, modal } = App.useApp();
  // Assigned during render (idempotent) so that effects of later siblings already see it.
  feedback.notification = notification;
  feedback.message = message;
  feedback.modal = modal;
  return null;
}
