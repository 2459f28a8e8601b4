/**
 * Rich text of editor fields (docs/design.md section 16): the editor (Quill, loaded only
 * when a form has one) and the view. What is shown goes through DOMPurify even though the
 * server sanitised it before storing: forms made before that rule, or imported, may hold
 * anything.
 */
import { Skeleton } from 'antd';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const QuillEditor = lazy(() => import('./QuillEditor.tsx'));

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** Space kept for the editor until it is built: its toolbar and three lines. */
const editorSpace = <Skeleton.Input active block style={{ height: 160 }} />;

/**
 * Quill is built only when its place comes within a screen of the view: building it makes
 * the browser lay out the whole page at once (its selection reads the document's range),
 * about 150 ms in the middle of a 200-field form being drawn (bench/forms.ts). Until then
 * the place holds the field's id, so a label or an error scrolled to still finds it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !spot.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(spot.current);
    return () => observer.disconnect();
  }, [near]);
  if (!near)
    return (
      <div ref={spot} id={props.id}>
        {editorSpace}
      </div>
    );
  return (
    <Suspense fallback={editorSpace}>
      <QuillEditor {...props} />
    </Suspense>
  );
}

/** Stored rich text, sanitised again, with links opening elsewhere. */
export function RichTextView({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['srcset'] });
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
