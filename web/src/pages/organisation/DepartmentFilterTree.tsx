/**
 * The staff screen's left panel: the enabled departments (`orglist`) as a tree, each with its
 * head count including the departments below it, under an "all departments" entry.
 * Choosing a department filters the staff list by it and its descendants.
 */
import { useMemo, useState, type Key } from 'react';
import { Alert, Input, Skeleton, Tag, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { branchIds, type OrgTreeNode } from './staffTable.ts';

/** The key of the "all departments" entry (department ids are positive). */
const ALL = 0;

interface Node {
  key: number;
  title: string;
  total?: number;
  children?: Node[];
}

/** The tree limited to departments whose name contains `text`, with their ancestors. */
function filterTree(nodes: OrgTreeNode[], text: string): OrgTreeNode[] {
  if (!text) return nodes;
  const q = text.toLowerCase();
  return nodes.flatMap((n) => {
    const kids = n.children ? filterTree(n.children, text) : [];
    if (n.title.toLowerCase().includes(q)) return [n];
    return kids.length ? [{ ...n, children: kids }] : [];
  });
}

export interface DepartmentFilterTreeProps {
  tree: OrgTreeNode[];
  loading: boolean;
  error: string | null;
  /** The chosen department; undefined = all. */
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

export default function DepartmentFilterTree({ tree, loading, error, value, onChange }: DepartmentFilterTreeProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const shown = useMemo(() => filterTree(tree, text.trim()), [tree, text]);
  const data: Node[] = useMemo(() => [{ key: ALL, title: t('staff.allDepartments'), children: shown.length ? shown : undefined }], [shown, t]);
  // Everything open until the user folds something; a search opens what it found.
  const expandedKeys = text || !expanded ? [ALL, ...branchIds(shown)] : expanded;

  return (
    <div className="staff-departments" data-testid="staff-departments">
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('staff.searchDepartment')}
        aria-label={t('staff.searchDepartment')}
        style={{ marginBottom: 8 }}
      />
      {error ? <Alert type="error" showIcon message={error} /> : null}
      {loading && !tree.length ? (
        <Skeleton active paragraph={{ rows: 6 }} title={false} />
      ) : (
        <Tree<Node>
          blockNode
          treeData={data}
          selectedKeys={[value ?? ALL]}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded(keys)}
          onSelect={(_, info) => onChange(info.node.key === ALL ? undefined : info.node.key)}
          titleRender={(n) => (
            <span className="staff-department-node">
              <Typography.Text ellipsis={{ tooltip: n.title }} strong={n.key === ALL}>
                {n.title}
              </Typography.Text>
              {n.total === undefined ? null : (
                <Tag bordered={false} color={n.total ? 'blue' : 'default'} className="staff-department-count">
                  {n.total}
                </Tag>
              )}
            </span>
          )}
        />
      )}
    </div>
  );
}
