/**
 * The holders of antd's notification, message and modal hooks (what antd's <App> renders),
 * a chunk of its own loaded at the first call of `feedback` (feedback.tsx).
 */
import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import { bindFeedback } from './feedback.tsx';

export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  // After the holders are mounted: calls made through the hooks' APIs before would be lost.
  useEffect(() => {
    bindFeedback({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [messageApi, notificationApi, modalApi]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
