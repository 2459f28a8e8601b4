/**
 * A centred spinner shown while a page or the user info loads, drawn like antd's large Spin
 * by CSS alone (global.css, `.page-loading`), in the primary colour. It fades in after
 * 300 ms by a CSS animation delay: most loads end sooner, and a spinner that flashes for a
 * moment reads as a jolt. No React state changes while it waits: a fallback that re-renders
 * makes React hold the page it is loading back (measured: sign-in to the first list row
 * ~450 ms later), and antd's Spin is not part of the login page's first load
 * (docs/design.md, "Login page weight"). The box is `aria-busy` from the start.
 */
import { theme } from 'antd';

export default function PageLoading() {
  const { token } = theme.useToken();
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-loading-spinner" style={{ color: token.colorPrimary }}>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
