/**
 * Rich text of editor fields (docs/design.md section 16): the editor (Quill, loaded only
 * when a form has one) and the view. What is shown goes through DOMPurify even though the
 * server sanitised it before storing: forms made before that rule, or imported, may hold
 * anything.
 */
import { Skeleton } from 'antd';
import DOMPurify from 'dompurify';
import { lazy, Suspense } from 'react';

const QuillEditor = lazy(() => import('./QuillEditor.tsx'));

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 160 }} />}>
      <QuillEditor {...props} />
    </Suspense>
  );
}

/** Stored rich text, sanitised again, with links opening elsewhere. */
export function RichTextView({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['srcset'] });
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
