/**
 * antd's <App> holder of message, notification and modal, loaded on the first feedback
 * (feedback.tsx). It renders no wrapper element (`component={false}`): only the holders.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { bindFeedback } from './feedback.tsx';

function Binder() {
  const apis = App.useApp();
  useEffect(() => bindFeedback(apis), [apis]);
  return null;
}

export default function FeedbackHostHolder() {
  return (
    <App component={false}>
      <Binder />
    </App>
  );
}
