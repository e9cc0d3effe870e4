import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { ReactNode } from 'react';

/** One of Home's collapsible cards, open at first: its title is the region's name (`<id>-header`, `<id>-content`). */
export function HomeCard(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Accordion defaultExpanded disableGutters sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${props.id}-content`} id={`${props.id}-header`}>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{props.children}</AccordionDetails>
    </Accordion>
  );
}
