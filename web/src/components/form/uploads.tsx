/**
 * Upload fields of a form (docs/design.md, "Uploads"): the control that sends files to
 * the upload calls (progress, preview, remove; the field's count, size and types checked
 * before sending) and the display of uploaded files in an order. Who uploads and who may
 * fetch comes from `UploadAccess`: a requester's form gives the application key (uploads)
 * and the order's identification (downloads); staff pages give neither (their token and
 * company are sent).
 */
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { Button, Image, Upload, type UploadFile } from 'antd';
import { PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API_BASE, type FormField } from '@swo/contract';
import { callRaw, TRANSFER_TIMEOUT_MS } from '../../app/api.ts';
import { feedback } from '../../app/feedback.tsx';
import { ApiError } from '../../app/request.ts';
import { getCompanyId, getToken } from '../../app/storage.ts';

/** How the browser is known to the upload calls: see the file comment. */
export interface UploadAccessValue {
  appKey?: string;
  ident?: string;
}
export const UploadAccess = createContext<UploadAccessValue>({});

/** One upload as a form value keeps it. */
export interface UploadValue {
  fileId: string;
  name?: string;
  url: string;
  thumbUrl?: string;
  [key: string]: unknown;
}

const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/** An address of an uploaded file usable in the page: the requester's (with the identification) or, for staff, the file fetched with their token as an object URL. */
async function fileSrc(url: string, ident: string | undefined): Promise<string | undefined> {
  if (ident) return `${API_BASE}${url}&ident=${encodeURIComponent(ident)}`;
  try {
    const r = await fetch(`${API_BASE}${url}&company_id=${getCompanyId()}`, { headers: { token: getToken() } });
    return r.ok ? URL.createObjectURL(await r.blob()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A browser-usable address of an uploaded file: for a requester the address itself (with
 * the identification); for staff the file fetched with their token, as an object URL.
 */
export function useUploadSrc(url: string | undefined, enabled = true): string | undefined {
  const { ident } = useContext(UploadAccess);
  const [blob, setBlob] = useState<string>();
  useEffect(() => {
    if (!url || ident || !enabled) return;
    let gone = false;
    let made: string | undefined;
    void fileSrc(url, undefined).then((src) => {
      if (!src) return;
      if (gone) return URL.revokeObjectURL(src);
      made = src;
      setBlob(src);
    });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, ident, enabled]);
  if (!url) return undefined;
  return ident ? `${API_BASE}${url}&ident=${encodeURIComponent(ident)}` : blob;
}

function Thumb({ file }: { file: UploadValue }) {
  const [open, setOpen] = useState(false);
  const thumb = useUploadSrc(file.thumbUrl ?? file.url);
  const full = useUploadSrc(file.url, open);
  return (
    <Image
      width={96}
      height={96}
      style={{ objectFit: 'cover', borderRadius: 6 }}
      src={thumb}
      alt={file.name ?? ''}
      preview={{ src: full, visible: open, onVisibleChange: (v) => setOpen(v) }}
      data-testid="upload-thumb"
    />
  );
}

function FileLink({ file }: { file: UploadValue }) {
  const { ident } = useContext(UploadAccess);
  const { t } = useTranslation();
  const direct = useUploadSrc(ident ? file.url : undefined);
  const download = async () => {
    const r = await fetch(`${API_BASE}${file.url}&company_id=${getCompanyId()}`, { headers: { token: getToken() } });
    if (!r.ok) return void feedback.message.error(t('upload.downloadFailed'));
    const a = document.createElement('a');
    a.href = URL.createObjectURL(await r.blob());
    a.download = file.name ?? 'file';
    a.click();
    URL.revokeObjectURL(a.href);
  };
  return (
    <div>
      <PaperClipOutlined style={{ marginRight: 6 }} />
      {direct ? (
        <a href={direct}>{file.name}</a>
      ) : (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void download()}>
          {file.name}
        </Button>
      )}
    </div>
  );
}

/** The uploads of an order's field: images as thumbnails that open full size, files as downloads. */
export function UploadedFiles({ field, value }: { field: FormField; value: unknown }) {
  const files = (Array.isArray(value) ? value : []).filter((x): x is UploadValue => !!x && typeof x === 'object' && typeof (x as UploadValue).url === 'string');
  if (field.type === 'uploadImg')
    return (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {files.map((f) => (
          <Thumb key={f.fileId ?? f.url} file={f} />
        ))}
      </div>
    );
  return (
    <>
      {files.map((f) => (
        <FileLink key={f.fileId ?? f.url} file={f} />
      ))}
    </>
  );
}

const toFile = (v: UploadValue): UploadFile => ({ uid: v.fileId, name: v.name ?? '', status: 'done', url: undefined, response: v });

/** The control of an upload field: value `UploadValue[]`, only files whose upload is done. */
export function UploadControl({
  field,
  value,
  onChange,
  disabled,
}: {
  field: FormField;
  value?: UploadValue[];
  onChange?: (v: UploadValue[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { appKey } = useContext(UploadAccess);
  const o = field.options ?? {};
  const image = field.type === 'uploadImg';
  const limit = typeof o.limit === 'number' && o.limit > 0 ? o.limit : image ? 3 : 5;
  const maxMb = typeof o.maxSize === 'number' && o.maxSize > 0 ? o.maxSize : 10;
  const accept = image ? IMAGE_TYPES : typeof o.accept === 'string' && o.accept ? o.accept : undefined;
  const { ident } = useContext(UploadAccess);
  const [list, setList] = useState<UploadFile[]>(() => (Array.isArray(value) ? value : []).map(toFile));
  const listRef = useRef(list);
  listRef.current = list;
  // Previews are object URLs (images chosen here, or the server's thumbnails fetched with
  // the token): freed when the control goes.
  useEffect(() => () => listRef.current.forEach((f) => f.thumbUrl?.startsWith('blob:') && URL.revokeObjectURL(f.thumbUrl)), []);
  // Images already in the value (an order being edited) show their thumbnails too.
  useEffect(() => {
    const saved = listRef.current.filter((f) => !f.thumbUrl && (f.response as UploadValue | undefined)?.thumbUrl);
    if (!image || !saved.length) return;
    let gone = false;
    void Promise.all(saved.map(async (f) => [f.uid, await fileSrc((f.response as UploadValue).thumbUrl!, ident)] as const)).then((pairs) => {
      const found = new Map(pairs.filter(([, src]) => src));
      if (gone) return found.forEach((src) => src?.startsWith('blob:') && URL.revokeObjectURL(src));
      setList((l) => l.map((f) => (found.has(f.uid) ? { ...f, thumbUrl: found.get(f.uid) } : f)));
    });
    return () => {
      gone = true;
    };
  }, [image, ident]);

  const emit = (next: UploadFile[]) => {
    setList(next);
    onChange?.(next.filter((f) => f.status === 'done' && f.response).map((f) => f.response as UploadValue));
  };

  return (
    <Upload
      listType={image ? 'picture-card' : 'text'}
      fileList={list}
      accept={accept}
      multiple={limit > 1}
      maxCount={limit}
      disabled={disabled}
      beforeUpload={(file) => {
        if (file.size > maxMb * 1024 * 1024) {
          feedback.message.error(t('upload.tooLarge', { name: file.name, max: maxMb }));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        const data = new FormData();
        if (appKey) data.append('app_key', appKey);
        data.append('file', file as Blob, (file as File).name);
        callRaw(image ? 'uploadImage' : 'uploadFile', data, {
          timeout: TRANSFER_TIMEOUT_MS,
          silent: true,
          onUploadProgress: (e) => onProgress?.({ percent: e.total ? (e.loaded / e.total) * 100 : 0 }),
        })
          .then((body) => onSuccess?.({ ...body.data, name: (file as File).name }))
          .catch((e: unknown) => {
            // The reason is the `file` field's error (type, size), else the reply's message.
            const reason = e instanceof ApiError ? (e.fieldErrors.file?.[0] ?? e.message) : t('upload.failed');
            feedback.message.error(`${(file as File).name}: ${reason}`);
            onError?.(e as Error);
          });
      }}
      onChange={({ fileList }) =>
        emit(
          fileList
            .filter((f) => f.status !== 'error')
            .map((f) => (image && !f.thumbUrl && f.originFileObj ? { ...f, thumbUrl: URL.createObjectURL(f.originFileObj) } : f)),
        )
      }
      data-testid={`upload-${field.model}`}
    >
      {list.length >= limit ? null : image ? (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{t('upload.image')}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />}>{t('upload.file')}</Button>
      )}
    </Upload>
  );
}
