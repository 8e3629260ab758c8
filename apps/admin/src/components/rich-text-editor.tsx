import { useEffect, useState, type ReactNode } from 'react';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Popover, Tooltip, Upload } from 'antd';
import { upload } from '@yance/browser/api-files';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  /** HTML; antd Form passes it. The server sanitises whatever is saved (ADR 0014). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** aria-label of the editing area. */
  label?: string;
}

/** An empty document as tiptap writes it: stored as '' so "required" checks see nothing. */
const EMPTY = '<p></p>';

function ToolButton({
  title,
  active,
  onClick,
  icon,
  disabled,
}: {
  title: string;
  active?: boolean;
  onClick: () => void;
  icon: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        onClick={onClick}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
      />
    </Tooltip>
  );
}

function LinkButton({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim()) chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      }}
      trigger="click"
      content={
        <Flex gap={8}>
          <Input
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
            placeholder="https:// 或站内路径，留空则去掉链接"
            style={{ width: 260 }}
          />
          <Button type="primary" onClick={apply}>
            确定
          </Button>
        </Flex>
      }
    >
      <span>
        <ToolButton title="链接" icon={<LinkOutlined />} active={editor.isActive('link')} onClick={() => {}} />
      </span>
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [uploading, setUploading] = useState(false);
  const insertImage = async (file: File) => {
    setUploading(true);
    try {
      const stored = await upload('mediaUpload', file, file.name);
      editor
        .chain()
        .focus()
        .setImage({ src: stored.path, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch {
      // The api client has shown the server's reason.
    } finally {
      setUploading(false);
    }
  };
  const chain = () => editor.chain().focus();
  return (
    <Flex className={styles.toolbar} gap={2} wrap align="center" role="toolbar" aria-label="格式">
      <Button
        size="small"
        type={state.h2 ? 'primary' : 'text'}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
        aria-pressed={state.h2}
      >
        标题
      </Button>
      <Button
        size="small"
        type={state.h3 ? 'primary' : 'text'}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
        aria-pressed={state.h3}
      >
        小标题
      </Button>
      <Divider type="vertical" />
      <ToolButton title="加粗" icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton title="斜体" icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton
        title="项目符号列表"
        icon={<UnorderedListOutlined />}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        title="编号列表"
        icon={<OrderedListOutlined />}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <LinkButton editor={editor} />
      <Upload
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        showUploadList={false}
        beforeUpload={(file) => {
          void insertImage(file);
          return false;
        }}
      >
        <ToolButton title="插入图片" icon={<PictureOutlined />} onClick={() => {}} disabled={uploading} />
      </Upload>
      <Divider type="vertical" />
      <ToolButton title="撤销" icon={<UndoOutlined />} onClick={() => chain().undo().run()} disabled={!state.canUndo} />
      <ToolButton title="重做" icon={<RedoOutlined />} onClick={() => chain().redo().run()} disabled={!state.canRedo} />
    </Flex>
  );
}

/**
 * The console's rich text field (tiptap, a maintained ProseMirror editor):
 * headings, emphasis, lists, links and pictures uploaded through mediaUpload.
 * It writes plain semantic HTML; the server sanitises it before storing.
 */
export default function RichTextEditor({ value = '', onChange, placeholder, label = '正文' }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), Image],
    content: value,
    editorProps: { attributes: { class: styles.content!, 'aria-label': label, 'data-placeholder': placeholder ?? '' } },
    onUpdate: ({ editor: e }) => {
      if (!e.schema) return;
      const html = e.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    },
  });
  // A value set from outside (the record loaded, the form reset) replaces the document; typing does not loop back.
  useEffect(() => {
    // A Suspense boundary above may hide and show this editor again: tiptap destroys it on the way out (its schema goes
    // null, and getHTML would throw), so only a live editor is asked. isDestroyed is also true before the view mounts.
    if (!editor?.schema) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className={styles.frame}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
