/**
 * The life of an edit dialog, shared so that every one behaves alike: on opening, the form
 * is reset and filled and a snapshot taken; saving validates, calls the server and puts a
 * 400's field errors on the fields (the dialog stays open); closing a changed form asks
 * first (formDialog.ts has the pieces).
 */
import { useEffect, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import { confirmDiscard, showFieldErrors, snapshot } from './formDialog.ts';

export interface FormDialogOptions<T, V> {
  form: FormInstance<V>;
  /** What the dialog edits (e.g. a row, or 'new'); null while it is closed. */
  target: T | null;
  /**
   * The values the form opens with for `target`; undefined while they are still loading:
   * the form fills once they arrive, and closing before then does not ask.
   */
  values: (target: T) => Parameters<FormInstance<V>['setFieldsValue']>[0] | undefined;
  /** Sends the validated values; a rejection keeps the dialog open. */
  save: (values: V, target: T) => Promise<void>;
  /** After a successful save, before the dialog closes (e.g. refresh the list). */
  onSaved: () => void;
  onClose: () => void;
  /** More handling of a failed save, after the field errors are placed. */
  onError?: (error: unknown) => void;
}

/** What `useFormDialog` returns: `modalProps` wire an antd Modal; a Drawer uses the rest. */
export interface FormDialog {
  saving: boolean;
  submit: () => void;
  /** Closes, asking first when the user changed the form. */
  cancel: () => void;
  modalProps: { open: boolean; onOk: () => void; onCancel: () => void; confirmLoading: boolean; maskClosable: false; forceRender: true };
}

/** Opens, saves and closes an edit dialog's form the one way (see the file comment). */
export function useFormDialog<T, V>({ form, target, values, save, onSaved, onClose, onError }: FormDialogOptions<T, V>): FormDialog {
  const [saving, setSaving] = useState(false);
  // The snapshot of the values as opened; null until they are filled.
  const initial = useRef<string | null>(null);
  // The latest `values`, read when the dialog opens or its values arrive, not on every render.
  const valuesOf = useRef(values);
  useEffect(() => {
    valuesOf.current = values;
  });
  const ready = target !== null && values(target) !== undefined;

  useEffect(() => {
    if (target === null) return;
    form.resetFields();
    initial.current = null;
  }, [target, form]);

  useEffect(() => {
    if (target === null || !ready) return;
    const v = valuesOf.current(target);
    if (v) form.setFieldsValue(v);
    initial.current = snapshot(form);
  }, [target, ready, form]);

  const run = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || target === null) return;
    setSaving(true);
    try {
      await save(v, target);
      onSaved();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
      onError?.(e);
    } finally {
      setSaving(false);
    }
  };

  const ask = async () => {
    if (initial.current === null || (await confirmDiscard(form, initial.current))) onClose();
  };

  const submit = () => void run();
  const cancel = () => void ask();
  return {
    saving,
    submit,
    cancel,
    modalProps: { open: target !== null, onOk: submit, onCancel: cancel, confirmLoading: saving, maskClosable: false, forceRender: true },
  };
}
