/** Templates: the platform's common library and each company's private ones (docs/design.md, "Templates"). */
import { createdId } from '../organisation.ts';
import * as r from '../replies.ts';
import * as t from '../templates.ts';
import { def, type AccessRule, type Endpoint } from './define.ts';

const tags = ['templates'];
/** `is_private` 0 names a common (library) template: then the platform rule applies. */
const byKind = <const P extends AccessRule, const C extends AccessRule>(priv: P, common: C) =>
  ({ choose: 'is_private', cases: { '0': common }, otherwise: priv }) as const;

export const TEMPLATE_ENDPOINTS = {
  templateLibraryList: def({
    method: 'POST',
    path: '/admin/template/listData',
    permission: 'anyone',
    body: t.templateListQuery,
    reply: r.paged(t.templateItem),
    tags,
    summary:
      'The common template library: every template for platform administrators, the enabled ones for everybody else (no token needed: the public gallery)',
  }),
  templatePrivateList: def({
    method: 'POST',
    path: '/admin/template/privateTemplate',
    permission: 'template.query',
    body: t.templateListQuery,
    reply: r.paged(t.templateItem),
    tags,
    summary: "The company's own templates, filtered by keyword, status and category",
  }),
  templateAdd: def({
    method: 'POST',
    path: '/admin/template/add',
    permission: byKind('template.add', 'library.add'),
    body: t.templateAddBody,
    reply: createdId,
    tags,
    summary: 'Add a template (is_private 0: to the common library, platform only); copy_of copies a common template into the company',
  }),
  templateEdit: def({
    method: 'POST',
    path: '/admin/template/edit',
    permission: byKind('template.edit', 'library.edit'),
    body: t.templateEditBody,
    reply: t.templateItem,
    tags,
    summary: 'Change a template; a changed form is saved as a new version (orders keep theirs)',
  }),
  templateDetail: def({
    method: 'POST',
    path: '/admin/template/detail',
    permission: byKind('template.get', 'anyone'),
    body: t.templateDetailBody,
    reply: t.templateDetail,
    tags,
    summary: 'One template with its versions; version opens an older form read-only',
  }),
  templateStatus: def({
    method: 'POST',
    path: '/admin/template/status',
    permission: byKind({ enable: 'template.enable', disable: 'template.disable' }, { enable: 'library.enable', disable: 'library.disable' }),
    body: t.templateStatusBody,
    reply: t.templateItem,
    tags,
    summary: 'Enable (status 1) or disable (status 0) a template',
  }),
  templateLibraryDelete: def({
    method: 'GET',
    path: '/admin/Template/delete',
    permission: 'library.delete',
    query: t.templateIdQuery,
    reply: r.nothing,
    tags,
    summary: 'Delete a common template (copies in companies stay theirs)',
  }),
  templatePrivateDelete: def({
    method: 'GET',
    path: '/admin/Template/privateDelete',
    permission: 'template.delete',
    query: t.templateIdQuery,
    reply: r.nothing,
    tags,
    summary: 'Delete a private template; 409 while an application uses it (orders keep their version)',
  }),
  templateAutomatic: def({
    method: 'GET',
    path: '/admin/template/isAutomatic',
    permission: { choose: 'is_automatic', cases: { '': 'member' }, otherwise: 'template.edit' },
    query: t.templateAutomaticQuery,
    reply: r.automaticReply,
    tags,
    summary: 'Whether new orders of a template are dispatched automatically; with is_automatic 0 or 1 it sets it (audited)',
  }),
} as const satisfies Record<string, Endpoint>;
