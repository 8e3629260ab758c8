import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '@yance/browser/use-write';
import { App } from 'antd';
import { call } from '@yance/browser/api-client';
import type { ArticleAdminDetail } from '@yance/contracts/content-admin';

type Row = Pick<ArticleAdminDetail, 'id' | 'title' | 'published' | 'removed'>;

/** 发布 / 撤回 / 删除 of one article, each behind a confirm; the list and the edit page share them. */
export function useArticleActions(onDone?: (a: ArticleAdminDetail) => void) {
  const { modal, message } = App.useApp();
  const queries = useQueryClient();
  const act = useWrite({
    mutationFn: ({ name, id }: { name: 'articlePublish' | 'articleUnpublish' | 'articleRemove'; id: number }) =>
      call(name, { body: { id } }, { feedback: false }),
    onSuccess: (a, { name }) => {
      void message.success({ articlePublish: '已发布', articleUnpublish: '已撤回为草稿', articleRemove: '已删除' }[name]);
      void queries.invalidateQueries({ queryKey: ['articleAdminList'] });
      void queries.invalidateQueries({ queryKey: ['auditList'] });
      queries.setQueryData(['articleAdminDetail', a.id], a);
      onDone?.(a);
    },
  });
  return {
    pending: act.isPending,
    togglePublish: (a: Row) =>
      modal.confirm({
        title: a.published ? `撤回“${a.title}”？` : `发布“${a.title}”？`,
        content: a.published ? '撤回后转为草稿，网站上不再显示。' : '发布后网站上立即可见。',
        okText: a.published ? '撤回' : '发布',
        onOk: () => act.mutateAsync({ name: a.published ? 'articleUnpublish' : 'articlePublish', id: a.id }),
      }),
    remove: (a: Row) =>
      modal.confirm({
        title: `删除“${a.title}”？`,
        content: '删除后网站上不再显示；记录保留，可在“已删除”中查看。',
        okText: '删除',
        okButtonProps: { danger: true },
        onOk: () => act.mutateAsync({ name: 'articleRemove', id: a.id }),
      }),
  };
}

export const articleStateText = (a: Pick<Row, 'published' | 'removed'>) =>
  a.removed ? { label: '已删除', color: 'default' } : a.published ? { label: '已发布', color: 'green' } : { label: '草稿', color: 'gold' };
