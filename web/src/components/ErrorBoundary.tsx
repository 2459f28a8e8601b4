/**
 * Catches render errors of a page. A chunk that failed to load (docs/product.md, section 4) is
 * reported as a chunk load error with a reload button.
 */
import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from 'i18next';
import { ChunkLoadError } from '../app/lazyPage.ts';

interface State {
  error: Error | null;
}

export default class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error instanceof ChunkLoadError;
    return (
      <Result
        status="500"
        title={chunk ? i18n.t('error.chunkTitle') : i18n.t('error.pageTitle')}
        subTitle={chunk ? i18n.t('error.chunkDescription') : error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('buttons.reload')}
          </Button>
        }
      />
    );
  }
}
