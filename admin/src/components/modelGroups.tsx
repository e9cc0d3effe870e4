import { ListSubheader } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';

interface OnProvider {
  connection_id: string | null;
  connection_name: string;
  vendor: string;
}

/** The models by provider, in the order given within each: OpenAI's first, then each provider's in order of first appearance. */
export function byProvider<T extends OnProvider>(models: readonly T[]): { connectionId: string | null; name: string; vendor: string; models: T[] }[] {
  const groups = new Map<string | null, { connectionId: string | null; name: string; vendor: string; models: T[] }>();
  for (const model of models) {
    const group = groups.get(model.connection_id) ?? { connectionId: model.connection_id, name: model.connection_name, vendor: model.vendor, models: [] };
    group.models.push(model);
    groups.set(model.connection_id, group);
  }
  const openAi = groups.get(null);
  return [...(openAi ? [openAi] : []), ...[...groups.values()].filter((group) => group !== openAi)];
}

/** The models in picker order: OpenAI's first, then each provider's together. */
export const inProviderOrder = <T extends OnProvider>(models: readonly T[]): T[] => byProvider(models).flatMap((group) => group.models);

/**
 * A model picker's menu items grouped by provider: OpenAI's first, then each provider's under a
 * subheader naming it and its vendor ("Claude (Anthropic)"); no subheader while every model is OpenAI's.
 */
export function groupedModelItems<T extends OnProvider>(models: readonly T[], item: (model: T) => ReactElement): ReactNode[] {
  const groups = byProvider(models);
  if (groups.length === 1 && groups[0].connectionId === null) return groups[0].models.map(item);
  return groups.flatMap((group) => [
    <ListSubheader key={`provider-${group.connectionId ?? 'openai'}`}>{group.connectionId ? `${group.name} (${group.vendor})` : group.vendor}</ListSubheader>,
    ...group.models.map(item),
  ]);
}
