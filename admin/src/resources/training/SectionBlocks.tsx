import { Box, Divider, Typography } from '@mui/material';
import { ContentBlock } from './types';

/** A section's content as it read on the page: paragraphs, lists, quotes, code and rules. */
export function SectionBlocks(props: { blocks: ContentBlock[] }) {
  return (
    <>
      {props.blocks.map((block, index) => {
        switch (block.type) {
          case 'ul':
          case 'ol':
            return (
              <Box key={index} component={block.type} sx={{ my: 1, pl: 3 }}>
                {block.items.map((item, n) => (
                  <Typography key={n} component="li" variant="body2">
                    {item}
                  </Typography>
                ))}
              </Box>
            );
          case 'hr':
            return <Divider key={index} sx={{ my: 1 }} />;
          case 'blockquote':
            return (
              <Typography
                key={index}
                component="blockquote"
                variant="body2"
                sx={{ my: 1, mx: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
              >
                {block.text}
              </Typography>
            );
          case 'code':
            return (
              <Box key={index} component="pre" sx={{ my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13 }}>
                <code>{block.text}</code>
              </Box>
            );
          case 'h3':
            return (
              <Typography key={index} variant="body2" sx={{ my: 1, fontWeight: 700 }}>
                {block.text}
              </Typography>
            );
          default:
            return (
              <Typography key={index} variant="body2" sx={{ my: 1 }}>
                {block.text}
              </Typography>
            );
        }
      })}
    </>
  );
}
