import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

// tiptap is large: it loads with the first page that edits rich text.
const RichTextEditor = lazy(() => import('@/components/rich-text-editor.tsx'));

/** The rich-text editor as a form field; Form.Item hands value/onChange to its direct child, so the Suspense boundary sits inside. */
export const LazyEditor = (props: { value?: string; onChange?: (html: string) => void; label?: string }) => (
  <Suspense fallback={<Spin />}>
    <RichTextEditor {...props} />
  </Suspense>
);
