import Image from '@tiptap/extension-image'
import Link from '@tiptap/extension-link'
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  BoldIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  PilcrowIcon,
  SquareMousePointerIcon,
} from 'lucide-react'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import './rich-text-editor.css'

/** A link that may be drawn as a button: the class survives the editor's round trip and the server turns it into a styled button. */
const EmailLink = Link.extend({
  addAttributes() {
    return { ...this.parent?.(), class: { default: null } }
  },
}).configure({ openOnClick: false, autolink: true, protocols: ['https', 'mailto', 'tel'], HTMLAttributes: { rel: 'noopener', target: '_blank' } })

/** Created once: new instances on a re-render would make the editor reconfigure itself under the typing. */
const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [1, 2, 3] }, link: false, code: false, codeBlock: false }),
  EmailLink,
  Image.configure({ allowBase64: false }),
]

const HTTPS = /^https:\/\/[^\s<>"]+$/i
const LINK = /^(https:\/\/|mailto:|tel:)[^\s<>"]+$/i

type Insert = 'link' | 'image' | 'button' | null

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      size="sm"
      variant={active ? 'default' : 'ghost'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      onClick={onClick}
      className="size-9 p-0"
    >
      {children}
    </Button>
  )
}

/** The form that asks for a link, an image address or a button's text and link, under the toolbar. */
function InsertForm({ kind, editor, onClose }: { kind: Exclude<Insert, null>; editor: Editor; onClose: () => void }) {
  const id = useId()
  const [url, setUrl] = useState(kind === 'link' ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    const value = url.trim()
    if (kind === 'image') {
      if (!HTTPS.test(value)) return setError("Inserisci l'indirizzo https:// di un'immagine.")
      editor.chain().focus().setImage({ src: value, alt: text.trim() }).run()
    } else if (kind === 'link') {
      if (!value) editor.chain().focus().extendMarkRange('link').unsetLink().run()
      else if (!LINK.test(value)) return setError('Inserisci un link che inizi con https://, mailto: o tel:.')
      else editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run()
    } else {
      if (!text.trim()) return setError('Inserisci il testo del pulsante.')
      if (!LINK.test(value)) return setError('Inserisci un link che inizi con https://, mailto: o tel:.')
      // After the selection, never over it: a just-inserted image stays selected.
      editor
        .chain()
        .focus()
        .insertContentAt(editor.state.selection.to, {
          type: 'paragraph',
          content: [{ type: 'text', text: text.trim(), marks: [{ type: 'link', attrs: { href: value, class: 'email-button' } }] }],
        })
        .run()
    }
    onClose()
  }
  const urlLabel = kind === 'image' ? 'Indirizzo immagine (https://)' : 'Link'
  const textLabel = kind === 'image' ? 'Testo alternativo' : 'Testo del pulsante'
  return (
    <div className="grid gap-2 border-b border-gray-200 bg-gray-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      {kind !== 'link' ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-text`}>{textLabel}</Label>
          <Input id={`${id}-text`} value={text} onChange={(event) => setText(event.target.value)} maxLength={200} />
        </div>
      ) : null}
      <div className={`grid gap-1 ${kind === 'link' ? 'sm:col-span-2' : ''}`}>
        <Label htmlFor={`${id}-url`}>{urlLabel}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              submit()
            }
          }}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          maxLength={2000}
        />
      </div>
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={submit}>
          Inserisci
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Annulla
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/**
 * 'Editor' of a campaign: headings, bold and italic, lists, links, images by https address and a button link. Gives
 * its HTML ('' when empty); the server sanitizes it and puts it in the mail layout.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string
  value: string
  onChange: (html: string) => void
  invalid?: boolean
  describedBy?: string
}) {
  const [insert, setInsert] = useState<Insert>(null)
  // What the editor last handed to the form: a value that differs came from outside (a draft reopened, a reset).
  const emitted = useRef(value)
  const [initialContent] = useState(value)
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Testo della newsletter',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class: 'newsletter-editor min-h-64 px-4 py-3 text-[15px] leading-relaxed focus:outline-none',
      },
    }),
    [id, invalid, describedBy],
  )
  const editor = useEditor({
    immediatelyRender: false,
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor }) => {
      emitted.current = editor.isEmpty ? '' : editor.getHTML()
      onChange(emitted.current)
    },
  })
  // A draft reopened or the form reset: the editor follows the form's value. Its own changes are never written back,
  // or a keystroke typed while React re-renders would be undone.
  useEffect(() => {
    if (!editor || value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  // The selection's marks and blocks; null until the editor's first transaction.
  const selected = useEditorState({
    editor,
    selector: ({ editor }) =>
      editor
        ? {
            h1: editor.isActive('heading', { level: 1 }),
            h2: editor.isActive('heading', { level: 2 }),
            h3: editor.isActive('heading', { level: 3 }),
            paragraph: editor.isActive('paragraph'),
            bold: editor.isActive('bold'),
            italic: editor.isActive('italic'),
            bullet: editor.isActive('bulletList'),
            ordered: editor.isActive('orderedList'),
            link: editor.isActive('link'),
          }
        : null,
  })
  if (!editor) return <div className="min-h-72 rounded-md border border-gray-300 bg-gray-50" aria-hidden />
  const state = selected ?? { h1: false, h2: false, h3: false, paragraph: true, bold: false, italic: false, bullet: false, ordered: false, link: false }
  const chain = () => editor.chain().focus()
  return (
    <div
      className={`overflow-hidden rounded-md border bg-white ${invalid ? 'border-red-600' : 'border-gray-300'} focus-within:ring-2 focus-within:ring-brand-600/40`}
    >
      <div role="toolbar" aria-label="Formattazione" aria-controls={id} className="flex flex-wrap gap-0.5 border-b border-gray-200 p-1">
        <ToolButton label="Paragrafo" active={state.paragraph} onClick={() => chain().setParagraph().run()}>
          <PilcrowIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Titolo" active={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
          <Heading1Icon aria-hidden />
        </ToolButton>
        <ToolButton label="Sottotitolo" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2Icon aria-hidden />
        </ToolButton>
        <ToolButton label="Titoletto" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3Icon aria-hidden />
        </ToolButton>
        <ToolButton label="Grassetto" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <BoldIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Corsivo" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <ItalicIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Elenco puntato" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <ListIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Elenco numerato" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrderedIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Link" active={state.link || insert === 'link'} onClick={() => setInsert(insert === 'link' ? null : 'link')}>
          <LinkIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Immagine" active={insert === 'image'} onClick={() => setInsert(insert === 'image' ? null : 'image')}>
          <ImageIcon aria-hidden />
        </ToolButton>
        <ToolButton label="Pulsante" active={insert === 'button'} onClick={() => setInsert(insert === 'button' ? null : 'button')}>
          <SquareMousePointerIcon aria-hidden />
        </ToolButton>
      </div>
      {insert ? <InsertForm key={insert} kind={insert} editor={editor} onClose={() => setInsert(null)} /> : null}
      <EditorContent editor={editor} />
    </div>
  )
}
