/**
 * The Quill editor of editor fields (react-quill-new, snow theme), split out so Quill
 * loads only with a form that has one. The toolbar offers only what the server keeps
 * (server/src/lib/rich-text.ts): headings, emphasis, colours, lists, alignment, links, quotes.
 */
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import type { RichTextEditorProps } from './RichText.tsx';

const MODULES = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ list: 'ordered' }, { list: 'bullet' }],
    [{ align: [] }],
    ['link', 'blockquote'],
    ['clean'],
  ],
};

export default function QuillEditor({ value, onChange, placeholder, disabled, id }: RichTextEditorProps) {
  return (
    <ReactQuill
      id={id}
      theme="snow"
      value={value ?? ''}
      onChange={(html) => onChange?.(html)}
      placeholder={placeholder}
      readOnly={disabled}
      modules={MODULES}
      className="rich-text-editor"
    />
  );
}
