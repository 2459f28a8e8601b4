/** Entry point: loads the language, installs the sign-out on code 101 and the owed-enrolment screen, renders the app. */
import '@ant-design/v5-patch-for-react-19';
import 'nprogress/nprogress.css';
import './styles/generated/antd-forms.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App.tsx';
import { initI18n } from './app/i18n.ts';
import { setEnrolRequiredHandler, setNotSignedInHandler } from './app/request.ts';
import { useSession } from './app/session.ts';

// Code 101: forget the session; the route guard then sends the user to login.
setNotSignedInHandler(() => useSession.getState().reset());
// A call refused for an owed two-factor enrolment: the route guard opens the enrolment screen.
setEnrolRequiredHandler(() => useSession.getState().setEnrolRequired(true));

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
