import type { AppConfig } from '../config/config';
import { anthropicModels } from '../integrations/anthropic/anthropic.client';
import { geminiModels } from '../integrations/gemini/gemini.client';
import { compatibleModels } from '../integrations/openai-compatible/compatible.client';
import type { ListedVendorModel, VendorFetch } from '../integrations/vendor-models';
import type { Vendor } from '../metrics/metrics';
import type { ConnectionKind } from './connections.schema';

/** A connection as its vendor's adapter uses it: the key opened, null when none is kept. */
export interface OpenedConnection {
  kind: ConnectionKind;
  name: string;
  baseUrl: string | null;
  apiKey: string | null;
}

/**
 * What Quire knows of a vendor beyond its SDK: how the dashboard names it, what a connection to it
 * needs, and how to read what the vendor lists for a key. A fifth vendor is one entry here and one
 * adapter in integrations/.
 */
export interface ConnectionVendor {
  label: string;
  /** Its name in the metrics (`quire_vendor_calls_total{vendor}`). */
  metric: Vendor;
  /** A key is required (an OpenAI-compatible server may take none). */
  needsKey: boolean;
  /** The connection names the server's address (the vendors' own addresses are known to their SDKs). */
  needsAddress: boolean;
  models(connection: OpenedConnection, config: AppConfig, fetch: VendorFetch): Promise<ListedVendorModel[]>;
}

export const CONNECTION_VENDORS: Record<ConnectionKind, ConnectionVendor> = {
  anthropic: {
    label: 'Anthropic',
    metric: 'anthropic',
    needsKey: true,
    needsAddress: false,
    models: (connection, config, fetch) => anthropicModels(connection.apiKey ?? '', config.anthropicBaseUrl, fetch),
  },
  gemini: {
    label: 'Google Gemini',
    metric: 'gemini',
    needsKey: true,
    needsAddress: false,
    models: (connection, config, fetch) => geminiModels(connection.apiKey ?? '', config.geminiBaseUrl, fetch),
  },
  'openai-compatible': {
    label: 'OpenAI-compatible',
    metric: 'openai-compatible',
    needsKey: false,
    needsAddress: true,
    models: (connection, _config, fetch) => compatibleModels(connection.name, connection.baseUrl ?? '', connection.apiKey, fetch),
  },
};
