import { Box, Link } from '@mui/material';
import { ReactNode } from 'react';
import { MdBlock, parseMarkdown, Span } from '@quire/shared';

/**
 * A section's Markdown as Quire delivered it: read by the same parser that turned it into Notion
 * blocks and the Doc's HTML (packages/shared/src/markdown.ts), and built as React elements, so
 * every piece of text is escaped by React and a link is one only when it is an absolute http(s)
 * address (the parser's rule). No HTML string is ever inserted.
 */
function Spans(props: { spans: Span[] }) {
  return (
    <>
      {props.spans.map((span, index) => {
        let node: ReactNode = span.text;
        if (span.code) node = <code>{node}</code>;
        if (span.bold) node = <strong>{node}</strong>;
        if (span.italic) node = <em>{node}</em>;
        if (span.link)
          node = (
            <Link href={span.link} target="_blank" rel="noopener noreferrer">
              {node}
            </Link>
          );
        return <span key={index}>{node}</span>;
      })}
    </>
  );
}

type Item = { spans: Span[] };
type Group = { list: 'ul' | 'ol'; items: Item[] } | { block: MdBlock };

/** Consecutive list items of one kind become one list. */
function grouped(blocks: MdBlock[]): Group[] {
  const groups: Group[] = [];
  for (const block of blocks) {
    if (block.kind === 'bullet' || block.kind === 'number') {
      const list = block.kind === 'bullet' ? 'ul' : 'ol';
      const last = groups[groups.length - 1];
      if (last && 'list' in last && last.list === list) last.items.push(block);
      else groups.push({ list, items: [block] });
    } else groups.push({ block });
  }
  return groups;
}

/** Headings inside a section sit below the section's own heading (an h3 on the entry's page). */
const HEADING = { 1: 'h4', 2: 'h5', 3: 'h6' } as const;

function Block(props: { block: MdBlock }) {
  const { block } = props;
  switch (block.kind) {
    case 'heading': {
      const Tag = HEADING[block.level];
      return (
        <Tag>
          <Spans spans={block.spans} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Spans spans={block.spans} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          <Spans spans={block.spans} />
        </blockquote>
      );
    case 'code':
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
    case 'divider':
      return <hr />;
    default:
      return null;
  }
}

export function Markdown(props: { text: string }) {
  return (
    <Box
      className="markdown"
      sx={{
        '& p': { my: 1 },
        '& h4, & h5, & h6': { mt: 2, mb: 1, fontSize: '1rem', fontWeight: 600 },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
        '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& code': { fontFamily: 'monospace', fontSize: '0.875em' },
        '& ul, & ol': { pl: 3, my: 1 },
      }}
    >
      {grouped(parseMarkdown(props.text)).map((group, index) => {
        if ('block' in group) return <Block key={index} block={group.block} />;
        const List = group.list;
        return (
          <List key={index}>
            {group.items.map((item, i) => (
              <li key={i}>
                <Spans spans={item.spans} />
              </li>
            ))}
          </List>
        );
      })}
    </Box>
  );
}
